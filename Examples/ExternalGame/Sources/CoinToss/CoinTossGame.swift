import GameHost

/// Call the coin before it lands; how long a run of right calls can you make?
public enum CoinTossGame: GameModule {
    public static let info = GameInfo(id: "coin-toss", title: "Coin Toss",
                                      summary: "Call heads or tails; keep the streak going",
                                      scoreMeaning: "right calls in a row")

    public static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".toss", model: CoinViewModel(context: context), view: CoinView())
    }
}
