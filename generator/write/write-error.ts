/** A mistake in the generator (not in the records): two documents on one path, a path outside, a view that is not plain data. */
export class WriteError extends Error {
  override name = "WriteError";
}
