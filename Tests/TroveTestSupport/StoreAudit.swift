import Foundation

/// Independent checks of a store made during a test, with tools other than Trove's own code.
public enum StoreAudit {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Validates every record file in `store` against `Formats/schemas` with Python's jsonschema
    /// (`tools/validate-store`); returns the problems it printed, empty when all are valid.
    public static func schemaProblems(in store: String) throws -> [String] {
        let output = try ProcessRunner.run(
            "/usr/bin/env", ["python3", packageRoot + "/tools/validate-store", store],
            environment: ProcessInfo.processInfo.environment)
        if output.status == 0 { return [] }
        guard output.status == 1 else {
            return ["tools/validate-store could not run (exit \(output.status)): \(output.stderr)"]
        }
        return output.stdout.split(separator: "\n").map(String.init)
    }
}
