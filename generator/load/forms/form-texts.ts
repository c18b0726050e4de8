import type { EntryKind } from "../../record-layout.ts";

/** What the intake does with an issue from a form: the form's file name without `.yml`. */
export type FormKind = "register-team" | "update-team" | "submit-project" | "update-project";

interface FormText {
  record: EntryKind;
  name: string;
  description: string;
  title: string;
  label: string;
  /** The note at the top of the form. */
  intro: string;
  /** Help for an update form's slug question. */
  slugHelp: string;
}

const checked =
  "Fill this in and submit. Within a minute a bot checks it: it either comments what to fix (edit the issue to fix it) or opens a pull request";
const onlyAnswered = "Only what you fill in changes; empty fields keep their value.";

/** The words of each form that no schema holds: its name, title, label and note. */
export const FORM_TEXTS: Record<FormKind, FormText> = {
  "register-team": {
    record: "team",
    name: "Register a team",
    description:
      "Register your team without Git. A bot turns this form into a pull request that adds your record.",
    title: "Register team: ",
    label: "intake: register team",
    intro: `${checked} with your record and links it here. You are added as a member with your GitHub account, so you can change the team later. The team name also gives its address (Gripper Gang → teams/gripper-gang.html).`,
    slugHelp: "",
  },
  "update-team": {
    record: "team",
    name: "Update a team",
    description:
      "Change your team's recruiting status, skills wanted, description or roster. A bot opens a pull request with the change.",
    title: "Update team: ",
    label: "intake: update team",
    intro: `${onlyAnswered} You must be listed as a member (or be an organiser) for the change to be merged.`,
    slugHelp: `Your team's address name, as in teams/<slug>.html; the team page's "Update with a form" link fills it in.`,
  },
  "submit-project": {
    record: "project",
    name: "Submit a project",
    description:
      "Submit your project without Git. A bot turns this form into a pull request that adds your record.",
    title: "Submit project: ",
    label: "intake: submit project",
    intro: `${checked} with your project and links it here. You are listed in its team with your GitHub account. The title also gives its address (Soft Grasp → projects/soft-grasp.html).`,
    slugHelp: "",
  },
  "update-project": {
    record: "project",
    name: "Update a project",
    description:
      "Change your project's tagline, description, links, images or people. A bot opens a pull request with the change.",
    title: "Update project: ",
    label: "intake: update project",
    intro: `${onlyAnswered} You must be listed in the project's team (or be an organiser) for the change to be merged.`,
    slugHelp: `The project's address name, as in projects/<slug>.html; the project page's "Update with a form" link fills it in.`,
  },
};

export const FORM_KINDS = Object.keys(FORM_TEXTS) as FormKind[];
