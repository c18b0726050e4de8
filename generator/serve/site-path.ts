import { posix } from "node:path";

/**
 * The site path a request's URL path names, decoded once and normalised: `/%5Fheaders`,
 * `/./_headers` and `//_headers` are all `/_headers`. Every judgement of a path (under /api/ or
 * not, a host file or not) is made on it, and the file is read from it, so no spelling of a path
 * is judged as one file and read as another. Undefined for a path no file may have.
 */
export function sitePath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  return staysInside(decoded) ? posix.normalize(decoded) : undefined;
}

/** No segment may climb out of the folder, in either separator, and no NUL may cut a name short. */
export function staysInside(decoded: string): boolean {
  return !decoded.includes("\0") && !decoded.split(/[\\/]/).includes("..");
}
