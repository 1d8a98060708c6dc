/// What of the database may reach a generated file.
///
/// Personal rows (any table with a `user_id` column, and the rows that hang off them) are kept only for the
/// users the site config names. Private columns are removed whatever a page asks for.
public struct PublicationPolicy: Sendable, Equatable {
    /// Usernames whose personal data may be published.
    public var publishedUsers: [String]
    /// Columns that never reach the output, as (table, column).
    public var privateColumns: [PrivateColumn]

    public struct PrivateColumn: Sendable, Equatable, Hashable {
        public let table: String
        public let column: String
        public init(table: String, column: String) {
            self.table = table
            self.column = column
        }
    }

    /// The private columns of the database contract: `users.email`, `users.zipcode`, `social_accounts.auth_token`,
    /// and where a personal row was imported from (`import_source`, `external_id`: a bank's transaction reference, say).
    public static let contractPrivateColumns = [
        PrivateColumn(table: "users", column: "email"),
        PrivateColumn(table: "users", column: "zipcode"),
        PrivateColumn(table: "social_accounts", column: "auth_token"),
    ] + Schema.importKeyedTables.subtracting(["organizations", "organization_media"]).sorted().flatMap { table in
        [PrivateColumn(table: table, column: "import_source"), PrivateColumn(table: table, column: "external_id")]
    }

    public init(publishedUsers: [String], extraPrivateColumns: [PrivateColumn] = []) {
        self.publishedUsers = publishedUsers
        self.privateColumns = PublicationPolicy.contractPrivateColumns + extraPrivateColumns
    }
}
