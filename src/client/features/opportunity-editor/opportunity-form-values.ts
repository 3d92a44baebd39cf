// The opportunity form's state (strings, as inputs hold them) and its conversion to the API's body, with the
// defaults and fall-backs of docs/product-spec.md §5 and §9.

import type { OpportunityInput } from "@client/features/opportunities/api";
import type { Opportunity } from "@shared/contract/opportunities";
import type {
  Duration,
  OpportunityStatus,
  OpportunityType,
  Skill,
  VerificationMode,
  Visibility,
} from "@shared/domain/enums";
import { inputValueOf, momentFromInputValue } from "@shared/domain/event-dates";
import { photoAddressForField, photoPathFromField } from "@shared/domain/photos";
import { verificationRefusal } from "@shared/domain/verification";

export interface OpportunityFormValues {
  title: string;
  shortDescription: string;
  fullDescription: string;
  type: OpportunityType;
  duration: Duration;
  customDuration: string;
  skills: Skill[];
  location: string;
  schedule: string;
  /** `<input type="datetime-local">` values, wall-clock time in the school's zone (Asia/Kolkata). */
  startsAt: string;
  endsAt: string;
  capacity: string;
  totalRequiredHours: string;
  coinsPerHour: string;
  maxCoins: string;
  contactEmail: string;
  contactPhone: string;
  imageUrl: string;
  status: OpportunityStatus;
  visibility: Visibility;
  /** Who vouches for the hours (docs/product-rules.md §10): nobody, or the on-site supervisor. */
  verification: VerificationMode;
  supervisorName: string;
  supervisorEmail: string;
  studentNamesSupervisor: boolean;
  /** Empty: never approved without an admin. */
  autoApproveMaxHours: string;
}

export const DEFAULT_FORM_COINS_PER_HOUR = 1;
export const DEFAULT_MAX_COINS = 100;

export const emptyFormValues: OpportunityFormValues = {
  title: "",
  shortDescription: "",
  fullDescription: "",
  type: "teaching",
  duration: "1week",
  customDuration: "",
  skills: [],
  location: "",
  schedule: "",
  startsAt: "",
  endsAt: "",
  capacity: "",
  totalRequiredHours: "",
  coinsPerHour: String(DEFAULT_FORM_COINS_PER_HOUR),
  maxCoins: String(DEFAULT_MAX_COINS),
  contactEmail: "",
  contactPhone: "",
  imageUrl: "",
  status: "open",
  visibility: "public",
  verification: "none",
  supervisorName: "",
  supervisorEmail: "",
  studentNamesSupervisor: false,
  autoApproveMaxHours: "",
};

/** The page's origin, against which a bundled photo's path is shown as an address (shared/domain/photos.ts). */
const pageOrigin = () => globalThis.location?.origin ?? "";

/** The form's values from a saved opportunity; its supervisor's e-mail comes with the admin's detail. */
export function formValuesFrom(
  opportunity: Opportunity & { supervisorEmail?: string | null },
  origin = pageOrigin(),
): OpportunityFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    title: opportunity.title,
    shortDescription: opportunity.shortDescription,
    fullDescription: opportunity.fullDescription,
    type: opportunity.type,
    duration: opportunity.duration,
    customDuration: text(opportunity.customDuration),
    skills: opportunity.skills as Skill[],
    location: text(opportunity.location),
    schedule: text(opportunity.schedule),
    startsAt: opportunity.startsAt === null ? "" : inputValueOf(opportunity.startsAt),
    endsAt: opportunity.endsAt === null ? "" : inputValueOf(opportunity.endsAt),
    capacity: text(opportunity.capacity),
    totalRequiredHours: text(opportunity.totalRequiredHours),
    coinsPerHour: String(opportunity.coinsPerHour),
    maxCoins: String(opportunity.maxCoins),
    contactEmail: text(opportunity.contactEmail),
    contactPhone: text(opportunity.contactPhone),
    imageUrl: photoAddressForField(text(opportunity.imageUrl), origin),
    status: opportunity.status,
    visibility: opportunity.visibility,
    verification: opportunity.verification,
    supervisorName: text(opportunity.supervisorName),
    supervisorEmail: text(opportunity.supervisorEmail ?? null),
    studentNamesSupervisor: opportunity.studentNamesSupervisor,
    autoApproveMaxHours: text(opportunity.autoApproveMaxHours),
  };
}

/** A whole number of at least 1 read from an input, or `fallback` when the input holds anything else. */
export function positiveWholeNumberOr(value: string, fallback: number): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : fallback;
}

/** Empty means "not set"; anything else goes to the server as typed, which explains what is wrong with it. */
function optionalNumber(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

export function toOpportunityInput(values: OpportunityFormValues, origin = pageOrigin()): OpportunityInput {
  const imageUrl = optionalText(values.imageUrl);
  return {
    title: values.title.trim(),
    shortDescription: values.shortDescription.trim(),
    fullDescription: values.fullDescription.trim(),
    type: values.type,
    duration: values.duration,
    customDuration: values.duration === "custom" ? optionalText(values.customDuration) : null,
    skills: values.skills,
    location: optionalText(values.location),
    schedule: optionalText(values.schedule),
    startsAt: momentFromInputValue(values.startsAt),
    endsAt: momentFromInputValue(values.endsAt),
    capacity: optionalNumber(values.capacity),
    totalRequiredHours: optionalNumber(values.totalRequiredHours),
    coinsPerHour: positiveWholeNumberOr(values.coinsPerHour, DEFAULT_FORM_COINS_PER_HOUR),
    maxCoins: positiveWholeNumberOr(values.maxCoins, DEFAULT_MAX_COINS),
    contactEmail: optionalText(values.contactEmail),
    contactPhone: optionalText(values.contactPhone),
    imageUrl: imageUrl === null ? null : photoPathFromField(imageUrl, origin),
    status: values.status,
    visibility: values.visibility,
    // Without verification the supervisor's settings mean nothing: they are cleared rather than kept unseen.
    ...(values.verification === "supervisor"
      ? {
          verification: "supervisor",
          supervisorName: optionalText(values.supervisorName),
          supervisorEmail: optionalText(values.supervisorEmail),
          studentNamesSupervisor: values.studentNamesSupervisor,
          autoApproveMaxHours: optionalNumber(values.autoApproveMaxHours),
        }
      : {
          verification: "none",
          supervisorName: null,
          supervisorEmail: null,
          studentNamesSupervisor: false,
          autoApproveMaxHours: null,
        }),
  };
}

/**
 * What the server would refuse about verification (shared verificationRefusal), checked before sending: the field
 * and its message, or undefined.
 */
export function verificationProblem(input: OpportunityInput) {
  const hours = input.autoApproveMaxHours;
  return verificationRefusal({
    verification: input.verification ?? "none",
    supervisorEmail: typeof input.supervisorEmail === "string" ? input.supervisorEmail : null,
    studentNamesSupervisor: input.studentNamesSupervisor ?? false,
    autoApproveMaxHours: hours === null || hours === undefined || hours === "" ? null : Number(hours),
  });
}
