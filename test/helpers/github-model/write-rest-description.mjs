// Writes rest-description.json: the part of GitHub's published REST description (api.github.com,
// from the pinned @octokit/openapi below) for the operations our workflows call. The GitHub model
// checks every request against it. Run it again after adding a call:
//   node test/helpers/github-model/write-rest-description.mjs
// The package is 29 MB packed (every Enterprise variant), so it is fetched here, not installed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PACKAGE = "@octokit/openapi@23.0.2";
/** Every operation a workflow entry point calls; a call outside this list is a 404 in the model. */
const OPERATIONS = [
  "actions/create-workflow-dispatch",
  "actions/download-artifact",
  "actions/list-jobs-for-workflow-run",
  "actions/list-workflow-run-artifacts",
  "actions/list-workflow-runs",
  "checks/list-annotations",
  "git/create-commit",
  "git/create-ref",
  "git/create-tree",
  "git/get-commit",
  "git/get-ref",
  "git/update-ref",
  "issues/create-comment",
  "issues/get",
  "issues/list-comments",
  "issues/update-comment",
  "pulls/get",
  "pulls/list",
  "pulls/list-files",
  "pulls/list-reviews",
  "pulls/merge",
  "pulls/create",
  "pulls/update",
  "pulls/update-branch",
  "rate-limit/get",
  "repos/create-commit-status",
  "repos/compare-commits-with-basehead",
  "repos/create-or-update-file-contents",
  "repos/get",
  "repos/get-content",
];

const dir = mkdtempSync(join(tmpdir(), "octokit-openapi-"));
try {
  execFileSync("npm", ["pack", PACKAGE, "--pack-destination", dir, "--silent"], { stdio: "pipe" });
  const tarball = execFileSync("sh", ["-c", `ls "${dir}"/*.tgz`])
    .toString()
    .trim();
  execFileSync("tar", ["xzf", tarball, "-C", dir, "package/generated/api.github.com.json"]);
  const full = JSON.parse(readFileSync(join(dir, "package/generated/api.github.com.json"), "utf8"));
  writeFileSync(new URL("./rest-description.json", import.meta.url), JSON.stringify(subset(full)) + "\n");
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The operations above with their parameters and request bodies, and every component they reach. */
function subset(full) {
  const paths = {};
  const found = new Set();
  for (const [path, item] of Object.entries(full.paths))
    for (const [method, op] of Object.entries(item)) {
      if (!OPERATIONS.includes(op.operationId)) continue;
      found.add(op.operationId);
      (paths[path] ??= {})[method] = strip({
        operationId: op.operationId,
        parameters: op.parameters ?? [],
        ...(op.requestBody ? { requestBody: op.requestBody } : {}),
      });
    }
  const missing = OPERATIONS.filter((id) => !found.has(id));
  if (missing.length) throw new Error(`not in ${PACKAGE}: ${missing.join(", ")}`);
  const components = {};
  const queue = [paths];
  while (queue.length) {
    const value = queue.pop();
    if (Array.isArray(value)) queue.push(...value);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) {
        if (key === "$ref" && typeof inner === "string") {
          const [, kind, name] = inner.split("/").slice(1);
          if (components[kind]?.[name]) continue;
          const target = strip(full.components[kind][name]);
          (components[kind] ??= {})[name] = target;
          queue.push(target);
        } else queue.push(inner);
      }
  }
  for (const kind of Object.keys(components)) components[kind] = sortKeys(components[kind]);
  return {
    openapi: full.openapi,
    info: { title: full.info.title, version: full.info.version, source: PACKAGE },
    paths: sortKeys(paths),
    components: sortKeys(components),
  };
}

/** Prose and examples are not needed to judge a request. */
function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !["description", "examples", "example", "summary", "externalDocs"].includes(key))
      .map(([key, inner]) => [
        key,
        key === "properties"
          ? Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, strip(v)]))
          : strip(inner),
      ]),
  );
}

function sortKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}
