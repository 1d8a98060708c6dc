import GRDB
import TallyFormat

extension SiteDatabase {
    /// How many rows a page query returns, stepping through them without reading their values: what a paginated
    /// listing needs to know how many pages to plan before any renders.
    public func rowCount(of sql: String, parameters: [String: DataValue] = [:]) throws(QueryError) -> Int {
        do {
            return try pool.unsafeRead { db in
                let statement = try SiteDatabase.prepare(db, sql: sql, parameters: parameters)
                var count = 0
                let cursor = try Row.fetchCursor(statement)
                while try cursor.next() != nil { count += 1 }
                return count
            }
        } catch {
            throw SiteDatabase.queryError(error)
        }
    }
}
