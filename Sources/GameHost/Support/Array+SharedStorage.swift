extension Array {
    /// Whether the two are copies of one array, sharing its storage: then their elements are
    /// the same, without comparing them (a shared storage is never changed in place). For a
    /// value kept with what it was made from, where the maker keeps and returns the same array
    /// while nothing changed; false says nothing (equal elements may sit in two storages).
    func sharesStorage(with other: Array) -> Bool {
        count == other.count && storage == other.storage
    }

    /// Where the elements are stored: the same for copies of one array, and for no other array
    /// while one of them is held (a storage is freed, and its place reused, only when no array
    /// holds it).
    var storage: UnsafeRawPointer? {
        withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
