import Foundation
import TroveICal

/// The class in a summary like `Essay 2 [ENGL101]`, as LMS calendar feeds write it.
enum ICSSummary {
    /// The title and class of `summary`; the class is the bracketed word at the end.
    static func split(_ summary: String) -> (title: String, course: String?) {
        let trimmed = summary.trimmingWhitespace()
        guard trimmed.hasSuffix("]"), let open = trimmed.lastIndex(of: "[") else { return (trimmed, nil) }
        let course = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            .trimmingSpaces()
        let title = trimmed[..<open].trimmingSpaces()
        // "[DRAFT]" alone is a title, not a class; classes have no brackets or line breaks.
        guard !title.isEmpty, !course.isEmpty, course.count <= 100,
              !course.contains(where: { "[]\n\r".contains($0) }) else { return (trimmed, nil) }
        return (title, course)
    }

    /// The summary to write for a title and class.
    static func join(title: String, course: String?) -> String {
        guard let course, !course.isEmpty else { return title }
        return "\(title) [\(course)]"
    }
}
