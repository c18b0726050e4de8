import type { Expo, Model, ProjectEntry } from "../../generator/derive/model.ts";

/**
 * The model with an expo floor placed by hand, as derive would hand it to render (render places
 * nothing): a main hall of `main` tables, then a workshop with power and room for the rest but
 * `unplaced` + 1; then one project at the organiser's own place ("Stage, left") and `unplaced`
 * projects with no table. Projects keep the model's order.
 */
export function withFloor(model: Model, { main = 4, unplaced = 1 } = {}): Model {
  const count = model.projects.length;
  const workshopTables = Math.max(1, count - main - unplaced - 1);
  const expo: Expo = {
    areas: [
      { slug: "main-hall", name: "Main hall", tables: main, power: false, large: false, track: null },
      {
        slug: "workshop",
        name: "Workshop <& co>",
        tables: workshopTables,
        power: true,
        large: true,
        track: "hardware",
      },
    ],
  };
  const [hall, workshop] = expo.areas;
  const projects = model.projects.map((p, i): ProjectEntry => {
    const { tables: _, ...area } = i < main ? hall! : workshop!;
    if (i >= count - unplaced) return { ...p, table: null };
    if (i === count - unplaced - 1)
      return { ...p, table: { label: "Stage, left", number: null, area: null } };
    return { ...p, table: { label: `Table ${i + 1}`, number: i + 1, area } };
  });
  return { ...model, projects, event: { ...model.event, expo } };
}

/** The model as an event without a floor or any placed project: no table anywhere. */
export function withoutFloor(model: Model): Model {
  return {
    ...model,
    projects: model.projects.map((p) => ({ ...p, table: null })),
    event: { ...model.event, expo: null },
  };
}
