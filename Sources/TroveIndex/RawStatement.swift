import GRDB
import GRDBSQLite

/// A prepared statement run with values bound straight into SQLite.
///
/// A rebuild inserts 100,000 rows; building GRDB's argument array of existential values for each
/// cost more than SQLite's own insert. Only the writer's hot inserts use this.
struct RawStatement {
    /// Kept so that SQLite's statement lives as long as this.
    private let statement: Statement
    private let raw: SQLiteStatement
    private let db: Database
    /// SQLite copies the bytes: the Swift string may move once the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ statement: Statement, in db: Database) {
        self.statement = statement
        raw = statement.sqliteStatement
        self.db = db
    }

    func bind(_ position: Int32, _ value: String?) {
        guard let value else { sqlite3_bind_null(raw, position); return }
        value.withCString { sqlite3_bind_text(raw, position, $0, Int32(value.utf8.count), Self.transient) }
    }

    func bind(_ position: Int32, _ value: Double?) {
        guard let value else { sqlite3_bind_null(raw, position); return }
        sqlite3_bind_double(raw, position, value)
    }

    func bind(_ position: Int32, _ value: Int64?) {
        guard let value else { sqlite3_bind_null(raw, position); return }
        sqlite3_bind_int64(raw, position, value)
    }

    /// Runs the statement once, then readies it for the next values.
    func run() throws {
        defer { sqlite3_reset(raw) }
        let code = sqlite3_step(raw)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
