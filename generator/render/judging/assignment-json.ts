import { judgingAssignment } from "../../derive/judging-assignment.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";

export const ASSIGNMENT_PATH = "judging/assignment.json";

/**
 * What the judging page reads: who judges which projects, and what they score them on. The site's
 * own file, not part of the API contract; it holds no score and no build time, so every build of
 * the same records and history (which projects arrived after the seed) writes the same bytes.
 */
export const assignmentJson: DocumentKind = {
  name: "judging-assignment",
  path: ASSIGNMENT_PATH,
  mediaType: JSON_TYPE,
  description:
    "What the judging page reads: each judge's projects in the order to judge them, the criteria with their weights, the scale, how many judges each project should have and the projects that have fewer.",
  render: (model) => {
    const { judges, shortfall } = judgingAssignment(model);
    return [
      {
        path: ASSIGNMENT_PATH,
        body: json({
          object: "judging-assignment",
          event: model.event.name,
          perProject: model.event.judging.perProject,
          scale: model.event.judging.scale,
          criteria: model.event.judgingCriteria.map((c) => ({
            name: c.name,
            weight: c.weight,
            description: c.description,
          })),
          judges,
          shortfall,
        }),
      },
    ];
  },
};
