import Foundation
import Testing

@testable import Scheduler

/// A child's output arrives in chunks that need not end at a newline.
struct OutputLinesTests {
    @Test func completeLines_joinsChunks_andKeepsAnUnfinishedLineForLater() {
        var pending: [UInt8] = []
        #expect(OutputLines.completeLines(&pending, appending: Data("sandboxd listen".utf8)).isEmpty)
        #expect(OutputLines.completeLines(&pending, appending: Data("ing http://a\nsecond\nthi".utf8)) == ["sandboxd listening http://a", "second"])
        #expect(pending == Array("thi".utf8))
    }

    @Test func stream_givesEveryLine_andFinishesAtEndOfFile() async throws {
        let pipe = Pipe()
        let lines = OutputLines.stream(pipe.fileHandleForReading)
        pipe.fileHandleForWriting.write(Data("one\ntwo\nno newline".utf8))
        try pipe.fileHandleForWriting.close()
        var read: [String] = []
        for await line in lines { read.append(line) }
        #expect(read == ["one", "two", "no newline"])
    }
}
