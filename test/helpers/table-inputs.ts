import type { TableInput } from "../../generator/derive/table-assignment.ts";
import type { FloorArea, Need } from "../../generator/validate/expo-floor.ts";

/** One project as the table assignment reads it. */
export type TableProject = TableInput["projects"][number];

/** An area of the floor named `name` with `tables` tables, no power, no room, no track, but `has`. */
export const floorArea = (name: string, tables: number, has: Partial<FloorArea> = {}): FloorArea => ({
  slug: name.toLowerCase().replace(/ /g, "-"),
  name,
  tables,
  power: false,
  large: false,
  track: null,
  ...has,
});

/** A project on time, of no track, needing `needs`, but `rest`. */
export const tableProject = (
  slug: string,
  needs: Need[] = [],
  rest: Partial<TableProject> = {},
): TableProject => ({
  slug,
  track: null,
  needs,
  lateUntil: null,
  ...rest,
});
