import Foundation

/// Turns Foundation's JSON parse error ("Invalid value around character 812.") into words with
/// a line and column a person can go to.
enum JSONErrorLocation {
    static func describe(_ error: any Error, in data: Data) -> String {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(detail[range].dropFirst("character ".count)), offset >= 0
        else { return detail }
        var line = 1
        var lineStart = 0
        for (index, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let problem = detail.replacingOccurrences(
            of: #" around character \d+\.?"#, with: "", options: .regularExpression)
        return "\(problem) at line \(line), column \(offset - lineStart + 1)"
    }
}
