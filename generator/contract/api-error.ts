/**
 * The error body every error response carries, on every host: `code` for programs, `message` for
 * people, `resolution` for what to do next. The 404 document and the local server both use it.
 */
export interface ApiError {
  object: "error";
  status: number;
  code: string;
  message: string;
  resolution: string;
  docs: string;
}

const CATALOGUE = {
  not_found: {
    status: 404,
    message: "No document exists at this address.",
    resolution:
      "Use one of the endpoints listed in api/index.json. Paths are case-sensitive, have no version segment and end in .json.",
  },
  method_not_allowed: {
    status: 405,
    message: "This API is read-only: only GET, HEAD and OPTIONS are answered.",
    resolution:
      "Send a GET request. To change a team or project, open a pull request that edits its YAML record in the repository.",
  },
  bad_request: {
    status: 400,
    message: "The request path could not be understood.",
    resolution: "Request a plain path such as api/projects.json, without encoded slashes, dots or NUL bytes.",
  },
  request_timeout: {
    status: 408,
    message: "The request did not arrive in time.",
    resolution: "Send the whole request at once; the server waits 10 seconds for headers.",
  },
  request_too_large: {
    status: 431,
    message: "The request line or its headers are too large.",
    resolution: "Request a plain path such as api/projects.json with ordinary headers (under 16 KB in all).",
  },
  server_error: {
    status: 500,
    message: "The server could not answer this request.",
    resolution: "Try again; if it keeps failing, open an issue in the repository.",
  },
} as const;

export type ErrorCode = keyof typeof CATALOGUE;
export const ERROR_CODES = Object.keys(CATALOGUE) as ErrorCode[];

export function apiError(code: ErrorCode, docs: string): ApiError {
  const { status, message, resolution } = CATALOGUE[code];
  return { object: "error", status, code, message, resolution, docs };
}
