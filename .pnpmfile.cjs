// prisma and @prisma/client declare TypeScript an optional peer dependency: they run without it
// (it serves type-checking projects). Linked, it would be a production dependency of both services
// and 20 MB of every image; the workspace still has TypeScript for its own builds and checks.
function readPackage(pkg) {
  if (pkg.name === "prisma" || pkg.name === "@prisma/client") {
    delete pkg.peerDependencies?.typescript;
    delete pkg.peerDependenciesMeta?.typescript;
  }
  return pkg;
}

module.exports = { hooks: { readPackage } };
