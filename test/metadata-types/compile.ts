/**
 * Type-checks TypeScript files with the compiler's API, in memory, as `tsc --strict` would: the
 * modules `promokit metadata-types` writes, and consumer code beside them. `promokit` resolves to
 * a stand-in declaring `MetadataTypes` (to read a module written from hostile schemas back with
 * the checker), or to the built package (the round trip of a user's project).
 */
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** Compiler options of a consumer project in strict mode. */
export const strictOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  skipLibCheck: true,
};

/** A stand-in for promokit's declarations: the interface the written module augments. */
export const promokitStandIn = 'export interface MetadataTypes {}\n';

/** A compiled program: its errors, one line each, and the checker to read its types with. */
export interface Compiled {
  errors: string[];
  program: ts.Program;
  checker: ts.TypeChecker;
}

/**
 * Compiles `files` (path relative to `root` → text), in memory. `promokit` resolves to the
 * stand-in unless `packageRoot` names a built package to resolve it to.
 */
export function compile(root: string, files: Record<string, string>, packageRoot?: string): Compiled {
  const memory = new Map(Object.entries(files).map(([name, text]) => [join(root, name), text]));
  memory.set(join(root, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
  if (!packageRoot) {
    memory.set(join(root, 'node_modules/promokit/package.json'), JSON.stringify({ name: 'promokit', type: 'module', types: './index.d.ts' }));
    memory.set(join(root, 'node_modules/promokit/index.d.ts'), promokitStandIn);
  }
  const real = (path: string) => (packageRoot ? path.replace(join(root, 'node_modules/promokit'), packageRoot) : path);
  const host = ts.createCompilerHost(strictOptions);
  host.fileExists = (path) => memory.has(path) || ts.sys.fileExists(real(path));
  host.readFile = (path) => memory.get(path) ?? ts.sys.readFile(real(path));
  const linked = join(root, 'node_modules/promokit');
  host.directoryExists = (path) =>
    [...memory.keys()].some((file) => file.startsWith(`${path}/`)) ||
    (packageRoot !== undefined && `${linked}/`.startsWith(`${path}/`)) ||
    ts.sys.directoryExists(real(path));
  host.realpath = (path) => path;
  host.getCurrentDirectory = () => root;
  const base = host.getSourceFile.bind(host);
  host.getSourceFile = (path, language) => {
    const text = memory.get(path);
    if (text !== undefined) return ts.createSourceFile(path, text, language);
    return base(real(path), language);
  };
  const program = ts.createProgram(
    [...memory.keys()].filter((path) => path.endsWith('.ts') && dirname(path) === root),
    strictOptions,
    host,
  );
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.slice(root.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
  return { errors, program, checker: program.getTypeChecker() };
}

/** The properties of an interface exported by `file`: each name and its type, as the checker reads them. */
export function interfaceOf(compiled: Compiled, file: string, name: string): Map<string, { type: ts.Type; optional: boolean }> {
  const source = compiled.program.getSourceFiles().find((f) => f.fileName.endsWith(`/${file}`));
  if (!source) throw new Error(`${file} is not in the program`);
  const moduleSymbol = compiled.checker.getSymbolAtLocation(source)!;
  const symbol = compiled.checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
  if (!symbol) throw new Error(`${file} exports no ${name}`);
  const type = compiled.checker.getDeclaredTypeOfSymbol(symbol);
  const out = new Map<string, { type: ts.Type; optional: boolean }>();
  for (const property of compiled.checker.getPropertiesOfType(type)) {
    out.set(ts.symbolName(property), {
      type: compiled.checker.getTypeOfSymbol(property),
      optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
    });
  }
  return out;
}

/** The values of a union of literal types (a single literal is a union of one); `undefined` left out. */
export function literalsOf(type: ts.Type): Array<string | number | boolean> {
  const parts = type.isUnion() ? type.types : [type];
  return parts.flatMap((part): Array<string | number | boolean> => {
    if (part.isStringLiteral() || part.isNumberLiteral()) return [part.value];
    if (part.flags & ts.TypeFlags.BooleanLiteral) return [(part as unknown as { intrinsicName: string }).intrinsicName === 'true'];
    if (part.flags & ts.TypeFlags.Undefined) return [];
    throw new Error(`not a literal: ${part.flags}`);
  });
}
