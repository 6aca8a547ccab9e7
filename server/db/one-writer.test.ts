/**
 * docs/design.md §3 "One writer per table" (docs/decisions/019): each table of schema.ts and auth-schema.ts is
 * inserted, updated and deleted from one place, the module of server/modules named for it. Flows,
 * routes and the HTTP layer call that module; they never write its table.
 *
 * The server's source (not its tests) is read with the TypeScript parser. A write is
 * `.insert(table)`, `.update(table)` or `.delete(table)` on a table imported from the schema, or
 * `insert into`, `update … set`, `delete from` or `truncate` naming a table in a `sql` template or
 * `sql.raw`. pg-boss's own tables (schema `pgboss`) are not ours and not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const schemaFiles = ['server/db/schema.ts', 'server/db/auth-schema.ts'];

interface Table {
  /** The schema's export (`quotationRequests`). */
  exported: string;
  /** The table's name in SQL (`quotation_requests`). */
  name: string;
  file: string;
}

interface Write {
  table: string;
  /** The module folder (`server/modules/orders`) or, outside the modules, the file's folder. */
  place: string;
  at: string;
}

/**
 * Better Auth writes its own tables through its drizzle adapter (server/auth `createAuth`), which
 * no call in our source shows: server/auth is their writer, and no module is named for them.
 */
const AUTH_WRITER = 'server/auth';

/** Places that write besides each table's one writer, and why that is right. */
const extraWriters: { place: string; reason: string }[] = [
  {
    place: 'server/db/seed',
    reason:
      'the demo catalogue and accounts (npm run db:seed), written into an empty shop before anyone uses it',
  },
];

function tablesOf(file: string): Table[] {
  const source = parse(file, readFileSync(path.join(root, file), 'utf8'));
  const tables: Table[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (
        ts.isIdentifier(declaration.name) &&
        call &&
        ts.isCallExpression(call) &&
        ts.isIdentifier(call.expression) &&
        call.expression.text === 'pgTable' &&
        call.arguments[0] &&
        ts.isStringLiteral(call.arguments[0])
      ) {
        tables.push({ exported: declaration.name.text, name: call.arguments[0].text, file });
      }
    }
  }
  return tables;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

function placeOf(file: string): string {
  const inModule = /^server\/modules\/([^/]+)\//.exec(file);
  return inModule ? `server/modules/${inModule[1]}` : path.posix.dirname(file);
}

const SQL_WRITE =
  /\b(insert\s+into|delete\s+from|truncate(?:\s+table)?|update)\s+(?:only\s+)?(?:"([^"]+)"|([a-z_][a-z0-9_]*)|\0(\d+)\0)(\s+(?:(?:as\s+)?[a-z_][a-z0-9_]*\s+)?set\b)?/gi;

/** Every write to one of `tables` in one source file. */
function writesIn(file: string, text: string, tables: Table[]): Write[] {
  const source = parse(file, text);
  const byExport = new Map(tables.map((table) => [table.exported, table]));
  const byName = new Map(tables.map((table) => [table.name, table]));
  const schemaPaths = new Set(schemaFiles.map((schema) => schema.replace(/\.ts$/, '')));
  const imported = new Map<string, Table>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      continue;
    }
    const target = path.posix
      .join(path.posix.dirname(file), statement.moduleSpecifier.text)
      .replace(/\.ts$/, '');
    const bindings = statement.importClause?.namedBindings;
    if (!schemaPaths.has(target) || !bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else {
      for (const element of bindings.elements) {
        const table = byExport.get((element.propertyName ?? element.name).text);
        if (table) imported.set(element.name.text, table);
      }
    }
  }
  const tableAt = (node: ts.Node): Table | undefined => {
    if (ts.isIdentifier(node)) return imported.get(node.text);
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      return byExport.get(node.name.text);
    }
    return undefined;
  };
  const writes: Write[] = [];
  const record = (table: Table | undefined, node: ts.Node) => {
    if (!table) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    writes.push({ table: table.name, place: placeOf(file), at: `${file}:${line}` });
  };
  const recordSql = (text: string, substitutions: ts.Expression[], node: ts.Node) => {
    for (const match of text.matchAll(SQL_WRITE)) {
      const [, verb, quoted, bare, substitution, set] = match;
      if (verb?.toLowerCase() === 'update' && !set) continue;
      const named = quoted ?? bare;
      const interpolated = substitutions[Number(substitution)];
      record(named ? byName.get(named) : interpolated && tableAt(interpolated), node);
    }
  };
  const isSqlTag = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'sql';
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [argument] = node.arguments;
      const method = node.expression.name.text;
      if (['insert', 'update', 'delete'].includes(method) && argument) {
        record(tableAt(argument), node.expression.name);
      }
      if (method === 'raw' && isSqlTag(node.expression.expression) && argument) {
        if (ts.isStringLiteralLike(argument)) recordSql(argument.text, [], node);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) recordSql(template.text, [], node);
      else {
        const text = template.templateSpans.reduce(
          (joined, span, index) => `${joined}\0${index}\0${span.literal.text}`,
          template.head.text,
        );
        recordSql(
          text,
          template.templateSpans.map((span) => span.expression),
          node,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

function serverSources(directory = 'server'): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return file === 'server/db/migrations' ? [] : serverSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each table's writers, by place, with where each writes; the places the rule allows left out. */
function writersByTable(tables: Table[], writes: Write[]): Map<string, Map<string, string[]>> {
  const writers = new Map(tables.map((table) => [table.name, new Map<string, string[]>()]));
  for (const table of tables) {
    if (table.file === 'server/db/auth-schema.ts') {
      writers.get(table.name)?.set(AUTH_WRITER, ['its Better Auth adapter']);
    }
  }
  for (const write of writes) {
    if (extraWriters.some((extra) => extra.place === write.place)) continue;
    const places = writers.get(write.table);
    places?.set(write.place, [...(places.get(write.place) ?? []), write.at]);
  }
  return writers;
}

describe('one writer per table (docs/design.md §3)', () => {
  const tables = schemaFiles.flatMap(tablesOf);
  const writes = serverSources().flatMap((file) =>
    writesIn(file, readFileSync(path.join(root, file), 'utf8'), tables),
  );

  it('writes each table from one module only', () => {
    const problems: string[] = [];
    for (const [table, places] of writersByTable(tables, writes)) {
      const listed = [...places].map(([place, at]) => `    ${place}: ${at.join(', ')}`);
      if (places.size > 1) problems.push(`${table} has ${places.size} writers:`, ...listed);
      for (const [place, at] of places) {
        if (place !== AUTH_WRITER && !place.startsWith('server/modules/')) {
          problems.push(`${table} is written outside the modules, by ${place}: ${at.join(', ')}`);
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('keeps each allowance in use', () => {
    const unused = extraWriters.filter(
      (extra) => !writes.some((write) => write.place === extra.place),
    );
    expect(unused.map((extra) => extra.place)).toEqual([]);
  });

  it('sees every form of write', () => {
    const probe = tablesOf('server/db/schema.ts');
    const text = `
      import { products as catalogue, orders } from '../../db/schema';
      import * as schema from '../../db/schema';
      const cache = new Map<string, number>();
      export async function write(tx: Tx) {
        await tx.insert(catalogue).values(row);
        await tx.update(orders).set({ status: 'paid' });
        await tx.delete(schema.reviews);
        await tx.execute(sql\`insert into "contact_messages" (id) values (1)\`);
        await tx.execute(sql\`update \${schema.profiles} set phone = null\`);
        await tx.execute(sql.raw('delete from addresses'));
        await tx.execute(sql\`delete from \${sql.raw('pgboss')}.job\`);
        await tx.execute(sql\`insert into orders select 1 on conflict do update set id = 1\`);
        cache.delete('products');
      }
    `;
    expect(writesIn('server/modules/probe/index.ts', text, probe)).toEqual(
      ['products', 'orders', 'reviews', 'contact_messages', 'profiles', 'addresses', 'orders'].map(
        (table) => expect.objectContaining({ table, place: 'server/modules/probe' }),
      ),
    );
  });
});
