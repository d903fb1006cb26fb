import GameHost

// The probe, healthy and broken one way at a time; BrokenModuleTests says which check must
// catch each.

enum HealthyProbe: ProbeModule { static let defect = Defect.none }
enum NoticeThenDisabledProbe: ProbeModule { static let defect = Defect.noticeThenDisabled }

enum TooManyLinesProbe: ProbeModule { static let defect = Defect.tooManyLines }
enum TooWideProbe: ProbeModule { static let defect = Defect.tooWide }
enum CrashAtMinimumSizeProbe: ProbeModule { static let defect = Defect.crashAtMinimumSize }
enum HiddenBindingProbe: ProbeModule { static let defect = Defect.hiddenBinding }
enum HangingKeyProbe: ProbeModule { static let defect = Defect.hangingKey }
enum CrashingKeyProbe: ProbeModule { static let defect = Defect.crashingKey }
enum PrintsToStandardOutputProbe: ProbeModule { static let defect = Defect.printsToStandardOutput }
enum PrintsToStandardErrorProbe: ProbeModule { static let defect = Defect.printsToStandardError }
enum WallClockProbe: ProbeModule { static let defect = Defect.readsTheWallClock }
enum WallClockTimerProbe: ProbeModule { static let defect = Defect.timesWithTheWallClock }
enum UnseededRandomProbe: ProbeModule { static let defect = Defect.unseededRandom }
enum NoWayOutProbe: ProbeModule { static let defect = Defect.noWayOut }
enum UnversionedFileProbe: ProbeModule { static let defect = Defect.unversionedFile }
enum InPlayAfterReportProbe: ProbeModule { static let defect = Defect.inPlayAfterReport }
enum ClaimsBeforeAnyInputProbe: ProbeModule { static let defect = Defect.claimsBeforeAnyInput }
enum ReportsUnclaimedProbe: ProbeModule { static let defect = Defect.reportsUnclaimed }
enum ResumesElsewhereProbe: ProbeModule { static let defect = Defect.resumesElsewhere }
enum ChangesWhileDrawingProbe: ProbeModule { static let defect = Defect.changesWhileDrawing }
enum DrawsAtRandomProbe: ProbeModule { static let defect = Defect.drawsAtRandom }
enum ReportsTwiceProbe: ProbeModule { static let defect = Defect.reportsTwice }
enum ReportsOnStartProbe: ProbeModule { static let defect = Defect.reportsOnStart }
enum ClickWhileLockedProbe: ProbeModule { static let defect = Defect.clickWhileLocked }
enum CutsItsSentenceProbe: ProbeModule { static let defect = Defect.cutsItsSentence }
enum PromisesNothingProbe: ProbeModule { static let defect = Defect.promisesNothing }
enum ReportsTwiceByClickProbe: ProbeModule { static let defect = Defect.reportsTwiceByClick }
enum ReportsTwiceByRightClickProbe: ProbeModule { static let defect = Defect.reportsTwiceByRightClick }

/// An id with capitals and an underscore, and an empty summary.
enum BadInfoProbe: ProbeModule {
    static let defect = Defect.none
    static let info = GameInfo(id: "Bad_Probe", title: "Probe", summary: " ")
}

/// A preference with no help line and a default outside its range.
enum BadSchemaProbe: GameModule {
    struct Preferences: Sendable, Equatable {
        var level = 9
    }

    static let info = GameInfo(id: "probe-bad-schema", title: "Probe", summary: "A counter with a bad schema")
    static var preferences: PreferenceSchema<Preferences> {
        PreferenceSchema(defaults: Preferences(), fields: [
            .integer("level", \.level, in: 1...5, label: "Level", help: ""),
        ])
    }

    static func makeRoot(_ preferences: Preferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: ProbeViewModel(.none, storage: context.storage), view: ProbeView(defect: .none))
    }
}
