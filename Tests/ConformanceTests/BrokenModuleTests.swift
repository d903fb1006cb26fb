import GameHost
import GameHostTesting
import Testing

/// The suite tests itself: a healthy module passes, and each broken copy is caught by the
/// check meant for it, with the steps and the command that show it again.
@Suite struct BrokenModuleTests {
    /// Short walks, and a short time limit so the hanging key costs little.
    static let options = ConformanceOptions(keys: 40, timeLimit: 1)

    @Test(arguments: [HealthyProbe.self, NoticeThenDisabledProbe.self] as [any GameModule.Type])
    func aHealthyModulePasses(_ module: any GameModule.Type) {
        let report = ConformanceSuite.check(module, ConformanceOptions(keys: 40))
        #expect(report.passed, "\(report.text)")
        #expect(report.verdict.hasPrefix("conforms"), "\(report.verdict)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let module: any GameModule.Type
        let check: String
        var kind = ConformanceFailure.Kind.problem
        /// Found on a walk: with its steps and a replay command.
        var walks = true
        /// Keys per walk, for a defect the walk meets less often.
        var keys = BrokenModuleTests.options.keys
        var testDescription: String { "\(module) is caught by \(check)" }
    }

    /// The author audit's break-it table (2026-11-26) is here by its ids: M1 DrawsAtRandom,
    /// M2 ChangesWhileDrawing, M3 ReportsTwiceByClick, M3b ReportsTwice, M4 ClickWhileLocked,
    /// M5 WallClockTimer, C3 UnseededRandom, C5 CutsItsSentence; M6 in
    /// `aKeyThatPromisesNothingIsAWarningAndFailsWhenStrict`; C1, C1c, C2, C2b and C4 in
    /// SeatCheckTests.
    static let cases: [Case] = [
        Case(module: TooManyLinesProbe.self, check: "frames"),
        Case(module: TooWideProbe.self, check: "frames"),
        Case(module: CrashAtMinimumSizeProbe.self, check: "sizes", kind: .crash),
        Case(module: HiddenBindingProbe.self, check: "keys"),
        Case(module: HangingKeyProbe.self, check: "frames", kind: .timeLimit),
        Case(module: CrashingKeyProbe.self, check: "frames", kind: .crash),
        Case(module: PrintsToStandardOutputProbe.self, check: "output"),
        Case(module: PrintsToStandardErrorProbe.self, check: "output"),
        Case(module: WallClockProbe.self, check: "determinism"),
        Case(module: WallClockTimerProbe.self, check: "determinism"),
        Case(module: UnseededRandomProbe.self, check: "determinism"),
        Case(module: NoWayOutProbe.self, check: "way-out"),
        Case(module: UnversionedFileProbe.self, check: "persistence", walks: false),
        Case(module: InPlayAfterReportProbe.self, check: "resume"),
        Case(module: ResumesElsewhereProbe.self, check: "resume"),
        Case(module: ClaimsBeforeAnyInputProbe.self, check: "resume", walks: false),
        Case(module: ReportsUnclaimedProbe.self, check: "resume"),
        Case(module: ChangesWhileDrawingProbe.self, check: "frames"),
        Case(module: DrawsAtRandomProbe.self, check: "frames"),
        Case(module: ReportsTwiceProbe.self, check: "rounds"),
        Case(module: ReportsOnStartProbe.self, check: "rounds"),
        Case(module: ReportsTwiceByClickProbe.self, check: "rounds", keys: 400),
        Case(module: ReportsTwiceByRightClickProbe.self, check: "rounds", keys: 2_000),
        Case(module: ClickWhileLockedProbe.self, check: "clicks", keys: 2_000),
        Case(module: CutsItsSentenceProbe.self, check: "sizes"),
        Case(module: BadInfoProbe.self, check: "info", walks: false),
        Case(module: BadSchemaProbe.self, check: "schema", walks: false),
    ]

    /// Each broken module, through the check meant for it (the others would cost time:
    /// a hang or a crash is met again by every check that walks).
    @Test(arguments: cases)
    func aBrokenModuleIsCaughtByItsCheck(_ test: Case) {
        var options = Self.options
        options.checks = [test.check]
        options.keys = test.keys
        let report = ConformanceSuite.check(test.module, options)
        #expect(!report.passed)
        let failure = report.failures.first { $0.check == test.check && $0.kind == test.kind }
        #expect(failure != nil, "\(report.text)")
        if test.walks, let failure {
            #expect(failure.steps != nil && failure.reproduce?.contains("play \(report.modules[0].id) --seed") == true,
                    "\(report.text)")
        }
    }

    /// A key shown as available that changes nothing is a warning, which fails the module
    /// only with `--strict`; the healthy probe has none.
    @Test func aKeyThatPromisesNothingIsAWarningAndFailsWhenStrict() {
        var options = Self.options
        options.checks = ["keys"]
        let lenient = ConformanceSuite.check(PromisesNothingProbe.self, options)
        #expect(lenient.passed, "\(lenient.text)")
        let warning = lenient.modules.first?.warnings.first
        #expect(warning?.message.contains("z is shown as available on probe-promisesnothing.main (“zap”) but changed nothing")
                == true, "\(lenient.text)")
        #expect(warning?.reproduce?.contains("--keys") == true, "\(lenient.text)")
        #expect(lenient.text.contains("1 warning(s)"), "\(lenient.text)")
        options.strict = true
        let strict = ConformanceSuite.check(PromisesNothingProbe.self, options)
        #expect(!strict.passed && strict.failures.first?.check == "keys", "\(strict.text)")
        let healthy = ConformanceSuite.check(HealthyProbe.self, options)
        #expect(healthy.passed && healthy.modules.first?.warnings.isEmpty == true, "\(healthy.text)")
    }

    /// A view that draws at random is told the cause: not a changed model (its state stayed)
    /// but a frame drawn from something else (audit M1).
    @Test func aViewThatDrawsAtRandomIsToldWhy() {
        var options = Self.options
        options.checks = ["frames"]
        let report = ConformanceSuite.check(DrawsAtRandomProbe.self, options)
        let failure = report.failures.first { $0.check == "frames" }
        #expect(failure?.message.contains("gave another frame from the same state: a view draws only from its model") == true,
                "\(report.text)")
    }

    /// The steps that lead to a failure are shortened: three ↑ make the probe hang.
    @Test func theStepsToAHangAreShortened() {
        var options = Self.options
        options.checks = ["frames"]
        let report = ConformanceSuite.check(HangingKeyProbe.self, options)
        let failure = report.failures.first { $0.kind == .timeLimit }
        let keys = failure?.steps?.filter { !$0.hasPrefix("wait:") }
        #expect(keys?.count ?? 0 <= 3, "\(report.text)")
        #expect(failure?.reproduce?.contains("--keys") == true, "\(report.text)")
    }

    /// A crash in one module leaves the other modules to be checked.
    @Test func aCrashLeavesTheOtherModulesToRun() {
        var options = Self.options
        options.checks = ["frames"]
        let report = ConformanceSuite.check([GameEntry(CrashingKeyProbe.self), GameEntry(HealthyProbe.self)], options)
        #expect(report.modules.map(\.passed) == [false, true], "\(report.text)")
    }
}
