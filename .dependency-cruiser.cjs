// No import cycles (issue 29): `pnpm lint` cruises every workspace's TypeScript and fails on a
// cycle, type-only imports included (tsPreCompilationDeps): a type cycle still ties two modules
// into one unit. Break one by moving what both sides need into a small module they both import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Modules import each other: move what both need into a module both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Generated code (Prisma's client), build output and bundles are not ours to shape.
    exclude: { path: "(^|/)(node_modules|dist|generated|coverage|\\.turbo|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
