import Foundation

/// A JSON value as a script holds it.
package enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

/// A small JSON reader over bytes that lets a caller take a large array one element at a time,
/// so a script's events become `ScriptEvent`s as they are read and memory stays within a small
/// multiple of the file (Foundation's parser held 60× the file as objects). Errors say what is
/// wrong at which line and column; nesting is limited, so hostile input cannot exhaust the stack.
package struct JSONReader {
    package struct Failure: Error {
        package var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    static let maximumDepth = 64

    package init(_ data: Data) {
        bytes = [UInt8](data)
    }

    // MARK: Structure

    /// Reads an object, calling `member` with each key while the reader sits on its value; the
    /// callback must read (or `skipValue`) exactly that value.
    package mutating func readObject(_ member: (inout JSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "an object")
        try enter()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            depth -= 1
            return
        }
    }

    /// Reads an array, calling `element` with each index while the reader sits on that element.
    package mutating func readArray(_ element: (inout JSONReader, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "an array")
        try enter()
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            try element(&self, count)
            count += 1
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            depth -= 1
            return
        }
    }

    /// Whether the next value is an array (without reading it).
    package mutating func nextIsArray() -> Bool {
        skipWhitespace()
        return peek() == UInt8(ascii: "[")
    }

    package mutating func nextIsObject() -> Bool {
        skipWhitespace()
        return peek() == UInt8(ascii: "{")
    }

    /// Reads any value whole.
    package mutating func readValue() throws -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw failure("unexpected end of file") }
        switch byte {
        case UInt8(ascii: "{"):
            var members: [String: JSONValue] = [:]
            try readObject { reader, key in members[key] = try reader.readValue() }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try readArray { reader, _ in elements.append(try reader.readValue()) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(try readNumber())
        }
    }

    /// After the top-level value only whitespace may follow.
    package mutating func expectEnd() throws {
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected text after the end of the script") }
    }

    // MARK: Scalars

    private mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""), "a string")
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ reader: JSONReader, upTo end: Int) {
            if end > run {
                scalars.append(contentsOf: String(decoding: reader.bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = peek() else { throw failure("a string is not closed") }
            if byte == UInt8(ascii: "\"") {
                flush(self, upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character inside a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(self, upTo: index)
            index += 1
            guard let escaped = peek() else { throw failure("a string is not closed") }
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), peek() == UInt8(ascii: "\\") {
                    index += 1
                    try expect(UInt8(ascii: "u"), "a low surrogate")
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw failure("an unknown escape \\\(Character(Unicode.Scalar(escaped)))")
            }
            run = index
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("\\u needs four hex digits") }
        index += 4
        return value
    }

    private mutating func readNumber() throws -> Double {
        let start = index
        while let byte = peek(),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
        {
            index += 1
        }
        guard index > start, index - start < 64,
            let value = Double(String(decoding: bytes[start..<index], as: UTF8.self))
        else {
            index = start
            throw failure("invalid value")
        }
        return value
    }

    private mutating func literal(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw failure("invalid value")
        }
        index += utf8.count
    }

    // MARK: Reading position

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard peek() == byte else { throw failure("expected \(what)") }
        index += 1
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nested more than \(Self.maximumDepth) levels deep") }
    }

    /// A failure at the current position, as "what at line L, column C".
    package func failure(_ what: String) -> Failure {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return Failure(message: "\(what) at line \(line), column \(index - lineStart + 1)")
    }
}
