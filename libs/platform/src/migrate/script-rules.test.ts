// How the runner reads a migration.sql before running it: what it may wrap in a transaction.
import { planScript, statementsOf } from './script-rules.js';

describe('statementsOf', () => {
  it('ignores what comments, strings, quoted names and dollar-quoted bodies hold', () => {
    const sql = [
      '-- COMMIT; in a comment',
      `INSERT INTO "t" ("a;b") VALUES ('x;y', E'it\\'s; fine', 'it''s; fine');`,
      '/* VACUUM; */ CREATE FUNCTION f() RETURNS void AS $body$ BEGIN COMMIT; END; $body$ LANGUAGE plpgsql;',
      'DO $$ BEGIN PERFORM 1; END $$;',
    ].join('\n');
    expect(statementsOf(sql)).toHaveLength(3);
    expect(planScript(sql)).toEqual({ mode: 'transaction' });
  });
});

describe('planScript', () => {
  it('wraps what Prisma generates in a transaction', () => {
    expect(planScript('CREATE TABLE "a" ("id" INTEGER);\nCREATE INDEX "a_id_idx" ON "a"("id");\n')).toEqual({ mode: 'transaction' });
  });

  it('runs a statement PostgreSQL refuses inside a transaction alone, outside one', () => {
    expect(planScript('-- no write lock\nCREATE UNIQUE INDEX CONCURRENTLY "a_id_key" ON "a"("id");\n')).toEqual({
      mode: 'alone',
      statement: 'CREATE UNIQUE INDEX CONCURRENTLY',
    });
    expect(planScript('DROP INDEX CONCURRENTLY "a_id_key"')).toMatchObject({ mode: 'alone' });
  });

  it('refuses such a statement among others, and a script that controls transactions itself', () => {
    expect(planScript('ALTER TABLE "a" ADD COLUMN "b" TEXT;\nREINDEX INDEX CONCURRENTLY "a_b_idx";')).toMatchObject({
      mode: 'refused',
      reason: expect.stringContaining('migration of its own'),
    });
    expect(planScript('BEGIN;\nCREATE TABLE "a" ("id" INTEGER);\nCOMMIT;')).toMatchObject({
      mode: 'refused',
      reason: expect.stringContaining('"BEGIN"'),
    });
  });
});
