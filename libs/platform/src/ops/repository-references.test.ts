// A clone of this repository is all a newcomer has: no file may send them to a document outside
// it (a spec, a contract file, a folder beside the clone), and every link into docs/api.md or
// docs/architecture.md, and every relative link of a Markdown file, must land on a file and a
// heading that exist. Checked over every file git knows (committed or new, not ignored).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// Spelled with escapes and classes so that this file does not cite what it forbids.
const OUTSIDE_REFERENCES: { pattern: RegExp; what: string }[] = [
  { pattern: /\bCONTRACT\.md\b/i, what: 'a contract file that is not in the repository' },
  { pattern: /\bspec\s*\u00a7|\u00a7\s*\d/i, what: 'a paragraph of a spec that is not in the repository' },
  { pattern: /\bproduct[-_ ]spec/i, what: 'a spec document that is not in the repository' },
  // Prose about a spec sends a reader looking for a document too; code names (spec.size) do not.
  { pattern: /\bthe spec(?:'s)?\b(?![-.(])|\bspec (?:texts?|messages?|toasts?|values?|field names?|examples?)\b/i, what: 'a spec that is not in the repository' },
  { pattern: /\.\.\/shared\b/, what: 'a shared folder beside the clone' },
];

/** The documents whose headings code comments may link to as docs/<name>.md#<anchor>. */
const DOCS_WITH_ANCHORS = /\b(api|architecture)\.md#([\p{L}\p{N}_-]+)/gu;

/** GitHub's heading anchor: lower-case, punctuation (inline code marks too) dropped, spaces to '-'. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers, numbered as GitHub numbers repeated headings (-1, -2 …). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker) {
      fence = fence === null ? marker : fence === marker ? null : fence;
      continue;
    }
    const heading = fence === null ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface RepoText {
  /** Path from the repository root, with '/'. */
  file: string;
  text: string;
}

/** `file:line: problem` for each reference to a document outside the repository. */
function outsideReferences({ file, text }: RepoText): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, what } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1}: cites ${what}: ${line.trim()}`);
    }
  });
  return problems;
}

/**
 * `file:line: problem` for each link that lands nowhere: docs/api.md#… or docs/architecture.md#…
 * naming a heading those files lack, and in Markdown a relative link to a missing file or heading.
 */
function brokenLinks({ file, text }: RepoText, anchorsIn: (file: string) => Set<string> | null): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    for (const [, doc, anchor] of line.matchAll(DOCS_WITH_ANCHORS)) {
      const target = `docs/${doc}.md`;
      if (!anchorsIn(target)?.has(anchor ?? '')) problems.push(`${at}: ${target} has no heading #${anchor}`);
    }
    if (!file.endsWith('.md')) return;
    for (const [, link] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      // Web addresses, mail links and site paths (/admin/) are not files of this repository.
      if (!link || /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('/')) continue;
      const [linked, anchor] = link.split('#', 2) as [string, string | undefined];
      const target = linked ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linked)) : file;
      const anchors = anchorsIn(target);
      if (anchors === null) problems.push(`${at}: links to ${target}, which does not exist`);
      else if (anchor !== undefined && target.endsWith('.md') && !anchors.has(anchor)) {
        problems.push(`${at}: ${target} has no heading #${anchor}`);
      }
    }
  });
  // A Markdown link into docs/ is seen by both checks; say it once.
  return [...new Set(problems)];
}

/** Every text file git knows here: committed, or new and not ignored; deleted ones are skipped. */
function repositoryTexts(): RepoText[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const texts: RepoText[] = [];
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // images, fonts: nothing a person reads as text
    texts.push({ file, text: bytes.toString('utf8') });
  }
  return texts;
}

function anchorsFromDisk(): (file: string) => Set<string> | null {
  const cache = new Map<string, Set<string> | null>();
  return (file) => {
    if (!cache.has(file)) {
      const full = path.join(root, file);
      cache.set(file, !existsSync(full) ? null : file.endsWith('.md') ? anchorsOf(readFileSync(full, 'utf8')) : new Set());
    }
    return cache.get(file) ?? null;
  };
}

describe('the checks themselves', () => {
  // Built from parts so that this file stays free of what it looks for.
  const section = '\u00a7';
  const contract = ['CONTRACT', 'md'].join('.');
  const docLink = (doc: string, anchor: string) => `docs/${doc}.md#${anchor}`;

  test('a citation of an outside document is found, with its file and line', () => {
    const text = ['// fine', `/** Rented ones are hidden (${contract}). */`, `// spec ${section}4: owner moves`, `// see ${section}9`, `import x from '${['..', 'shared', 'x.js'].join('/')}';`].join('\n');
    expect(outsideReferences({ file: 'a.ts', text }).map((p) => p.split(': cites')[0])).toEqual(['a.ts:2', 'a.ts:3', 'a.ts:4', 'a.ts:5']);
    expect(outsideReferences({ file: 'b.md', text: 'Rules in docs/api.md and the code.' })).toEqual([]);
    const spec = ['the', 'spec'].join(' ');
    expect(outsideReferences({ file: 'c.ts', text: `// as ${spec} words it\n// ${spec}'s toasts\nconst x = spec.size;` }).map((p) => p.split(': cites')[0])).toEqual(['c.ts:1', 'c.ts:2']);
  });

  test("anchors follow GitHub's rules", () => {
    expect(headingSlug('Visibility: who sees which property')).toBe('visibility-who-sees-which-property');
    expect(headingSlug('Shapes: user, property, lists')).toBe('shapes-user-property-lists');
    expect(headingSlug('auth (`AUTH_PATTERNS`, `services/auth/src/auth.controller.ts`)')).toBe('auth-auth_patterns-servicesauthsrcauthcontrollerts');
    expect([...anchorsOf('# Top\n## Same\n```sh\n# not a heading\n```\n### Same\n')]).toEqual(['top', 'same', 'same-1']);
  });

  test('a link to a heading or a file that is not there is found', () => {
    const docs = new Map([['docs/api.md', new Set(['limits'])], ['docs/architecture.md', new Set(['the-parts'])]]);
    const anchorsIn = (file: string) => docs.get(file) ?? null;
    const code = { file: 'x.ts', text: `// ${docLink('api', 'limits')}\n// ${docLink('api', 'limit')}.` };
    expect(brokenLinks(code, anchorsIn)).toEqual(['x.ts:2: docs/api.md has no heading #limit']);
    const readme = { file: 'README.md', text: '[a](docs/architecture.md#the-parts) [b](docs/nowhere.md) [c](https://example.com/x.md#y)' };
    expect(brokenLinks(readme, anchorsIn)).toEqual(['README.md:1: links to docs/nowhere.md, which does not exist']);
  });
});

describe('this repository', () => {
  const texts = repositoryTexts();

  test('is read whole: its code, its docs and this file', () => {
    const files = new Set(texts.map((t) => t.file));
    for (const file of ['README.md', 'docs/api.md', 'gateway/src/app.ts', 'libs/platform/src/ops/repository-references.test.ts']) {
      expect(files).toContain(file);
    }
  });

  test('refers to no document outside it', () => {
    expect(texts.flatMap(outsideReferences)).toEqual([]);
  });

  test('every docs/api.md and docs/architecture.md anchor, and every relative Markdown link, lands', () => {
    const anchorsIn = anchorsFromDisk();
    expect(texts.flatMap((t) => brokenLinks(t, anchorsIn))).toEqual([]);
  });
});
