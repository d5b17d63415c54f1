// What the runner must know about a migration.sql before running it: whether it can run inside
// the transaction the runner wraps around it. See docs/migrations.md#transactions.

/**
 * The script's statements with comments, quoted strings, quoted identifiers and dollar-quoted
 * bodies blanked out, so a ";" or a keyword inside them is never taken for SQL.
 */
export function statementsOf(sql: string): string[] {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
      out += ' ';
    } else if (sql[i] === "'" || sql[i] === '"') {
      const quote = sql[i];
      const backslashEscapes = quote === "'" && /[eE]$/.test(sql.slice(0, i)) && !/\w[eE]$/.test(sql.slice(0, i));
      i++;
      while (i < sql.length) {
        if (backslashEscapes && sql[i] === '\\') i += 2;
        else if (sql[i] === quote && sql[i + 1] === quote) i += 2;
        else if (sql[i] === quote) break;
        else i++;
      }
      i++;
      out += ' x ';
    } else if (sql[i] === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(rest) && !/[A-Za-z0-9_]$/.test(out)) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest)![0];
      const end = sql.indexOf(tag, i + tag.length);
      i = end === -1 ? sql.length : end + tag.length;
      out += ' x ';
    } else {
      out += sql[i];
      i++;
    }
  }
  return out
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

// Statements PostgreSQL refuses inside a transaction block (a multi-statement script is one too).
const OUTSIDE_TRANSACTION = [
  /^(CREATE|DROP) (UNIQUE )?INDEX CONCURRENTLY\b/i,
  /^REINDEX\b.*\bCONCURRENTLY\b/i,
  /^ALTER TABLE\b.*\bDETACH PARTITION\b.*\bCONCURRENTLY\b/i,
  /^VACUUM\b/i,
  /^ALTER SYSTEM\b/i,
  /^(CREATE|DROP) (DATABASE|TABLESPACE)\b/i,
];

// A script's own transaction control would end the runner's transaction half-way.
const TRANSACTION_CONTROL = /^(BEGIN|START TRANSACTION|COMMIT|END|ROLLBACK|ABORT|SAVEPOINT|RELEASE|PREPARE TRANSACTION)\b/i;

export type ScriptPlan =
  | { mode: 'transaction' }
  /** One statement that PostgreSQL runs only outside a transaction block (`statement`: its kind). */
  | { mode: 'alone'; statement: string }
  | { mode: 'refused'; reason: string };

/** How a migration.sql is to be run, or why it cannot be run safely. */
export function planScript(sql: string): ScriptPlan {
  const statements = statementsOf(sql);
  const control = firstMatch(statements, [TRANSACTION_CONTROL]);
  if (control) {
    return {
      mode: 'refused',
      reason: `it controls transactions itself ("${control}"); the runner already runs each migration in one transaction: remove that statement`,
    };
  }
  const outside = firstMatch(statements, OUTSIDE_TRANSACTION);
  if (!outside) return { mode: 'transaction' };
  if (statements.length > 1) {
    return {
      mode: 'refused',
      reason:
        `"${outside}" cannot run inside a transaction, and a migration that holds it must hold nothing else ` +
        '(a failure half-way would leave the rest applied): move it to a migration of its own',
    };
  }
  return { mode: 'alone', statement: outside };
}

/** The words that matched (e.g. "CREATE INDEX CONCURRENTLY"): the blanked-out names mean nothing to a reader. */
function firstMatch(statements: string[], patterns: RegExp[]): string | undefined {
  for (const statement of statements) {
    for (const pattern of patterns) {
      const match = pattern.exec(statement);
      if (match) return match[0];
    }
  }
  return undefined;
}
