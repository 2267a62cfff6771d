/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<R extends object>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

/**
 * The gateway's small view of a PostgreSQL-compatible database, shared by the `pg` and PGlite
 * backends so that the key store runs the same SQL on both.
 */
export interface Database extends Queryable {
  readonly kind: "postgresql" | "pglite";
  /** Where the data lives, safe to log (no password). */
  readonly location: string;
  transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
