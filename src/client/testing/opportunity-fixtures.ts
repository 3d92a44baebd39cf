// Opportunities as the server answers them, for client tests.
import type { AdminOpportunity, OpportunityDetail } from "@shared/contract/opportunities";

/** A share token as the database makes them: 32 hex characters. */
export const SAMPLE_SHARE_TOKEN = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

export function sampleOpportunity(overrides: Partial<OpportunityDetail> = {}): OpportunityDetail {
  return {
    id: 7,
    title: "Teach Maths at Bilekahalli School",
    shortDescription: "Small-group maths sessions for class 6.",
    fullDescription: "Run small-group maths sessions with worksheets the school provides.",
    imageUrl: null,
    type: "teaching",
    duration: "2-4weeks",
    customDuration: null,
    schedule: "Saturdays, 9:00–11:00",
    startsAt: null,
    endsAt: null,
    location: "Bilekahalli, Bengaluru",
    skills: ["Maths", "Communication"],
    capacity: 12,
    totalRequiredHours: 40,
    status: "open",
    coinsPerHour: 15,
    maxCoins: 300,
    visibility: "public",
    contactEmail: "socialimpact@iimb.ac.in",
    contactPhone: "+91 80 2699 3000",
    verification: "none",
    supervisorName: null,
    studentNamesSupervisor: false,
    autoApproveMaxHours: null,
    createdBy: 1,
    createdAt: "2026-11-02T10:00:00.000Z",
    updatedAt: "2026-11-02T10:00:00.000Z",
    creator: { firstName: "Meera", lastName: "Krishnan" },
    _count: { applications: 3 },
    viewerApplication: null,
    shareToken: null,
    supervisorEmail: null,
    placesLeft: 9,
    viewerWaitlist: null,
    waitlistCount: 0,
    ...overrides,
  };
}

export function sampleAdminOpportunity(overrides: Partial<AdminOpportunity> = {}): AdminOpportunity {
  const {
    viewerApplication: _,
    placesLeft: _placesLeft,
    viewerWaitlist: _viewerWaitlist,
    waitlistCount: _waitlistCount,
    ...opportunity
  } = sampleOpportunity();
  return {
    ...opportunity,
    shareToken: SAMPLE_SHARE_TOKEN,
    counts: { pending: 2, accepted: 1, hoursSubmitted: 0, completed: 0, rejected: 0, withdrawn: 0 },
    completedHours: 12,
    ...overrides,
  };
}
