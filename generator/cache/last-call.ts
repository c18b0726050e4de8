import { isDeepStrictEqual } from "node:util";

/**
 * `make`, remembering its last call: an input deeply equal to the last one (arrays, objects and Maps
 * compared by what they hold) gets the last output again, the same object, without making it. For
 * derived results that cost more than comparing their input: under `npm run dev` a save changes a
 * record or two, and most of what the model derives from the whole event is what it was (the
 * judges' assignment: 70 ms at 10,000 projects and three judges, 450 ms at 200 judges, where
 * comparing its input takes a few). `make` must be a function of its input alone, and neither the
 * input nor the output may be changed once made; one call is kept, so a build holds no more.
 */
export function lastCall<I, O>(make: (input: I) => O): (input: I) => O {
  let last: { input: I; output: O } | undefined;
  return (input) => {
    if (last && isDeepStrictEqual(last.input, input)) return last.output;
    const output = make(input);
    last = { input, output };
    return output;
  };
}
