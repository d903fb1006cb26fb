// The lean reference of rows 3b, 4b and 7: the least a Swift program that reads and writes
// JSON must link (FoundationEssentials, without ICU), built the way gamehost is.
import FoundationEssentials

struct Greeting: Codable { let text: String }
print(String(decoding: try! JSONEncoder().encode(Greeting(text: "hello")), as: UTF8.self))
