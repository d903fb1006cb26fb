import ArithmeticQuiz
import CompatibilitySlider
import GameHost
import Memorize
import Snake

/// Every game GameHost is built with. To add one: its folder under Games/, its name in
/// Package.swift's `games`, and one line here.
public enum Catalog {
    public static var modules: [any GameModule.Type] {
        [
            ArithmeticQuizGame.self,
            MemorizeGame.self,
            CompatibilitySliderGame.self,
            SnakeGame.self,
        ]
    }

    public static var entries: [GameEntry] { modules.map { GameEntry($0) } }
}
