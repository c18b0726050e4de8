/**
 * The environment for asking git about the repository in the folder it runs in: the caller's own,
 * but none of GIT_*, then `extra`. A build started from a git hook inherits GIT_DIR, GIT_WORK_TREE,
 * GIT_INDEX_FILE (a commit's temporary index), GIT_OBJECT_DIRECTORY or GIT_CONFIG_*: git would
 * answer about another repository, index or work tree than the files the build reads.
 */
export function repositoryEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith("GIT_")) env[name] = value;
  return Object.assign(env, extra);
}
