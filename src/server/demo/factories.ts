// Builders of realistic rows, shared by the demo seed, the tests and the benchmarks' data generator.
import type { Duration, OpportunityType, Program, Skill } from "@shared/domain/enums";
import type { opportunities } from "../db/schema";

type NewOpportunity = typeof opportunities.$inferInsert;

export interface OpportunityTemplate {
  title: string;
  shortDescription: string;
  fullDescription: string;
  type: OpportunityType;
  duration: Duration;
  location: string;
  schedule: string;
  skills: Skill[];
  capacity: number | null;
  totalRequiredHours: number | null;
  coinsPerHour: number;
  maxCoins: number;
}

export const OPPORTUNITY_TEMPLATES: readonly OpportunityTemplate[] = [
  {
    title: "Teach Maths at Government School, Bilekahalli",
    shortDescription:
      "Help class 8 students build confidence in fractions, ratios and algebra on weekend mornings.",
    fullDescription:
      "The Bilekahalli Government Higher Primary School has asked for volunteers to run small-group maths sessions. You will work with groups of five to six students, using worksheets the school provides, and track each child's progress over the term.",
    type: "teaching",
    duration: "2-4weeks",
    location: "Bilekahalli, Bengaluru (15 min from campus)",
    schedule: "Saturdays and Sundays, 9:00–11:00",
    skills: ["Maths", "Communication"],
    capacity: 12,
    totalRequiredHours: 120,
    coinsPerHour: 15,
    maxCoins: 300,
  },
  {
    title: "Spoken English Circle for Campus Staff",
    shortDescription:
      "Run friendly conversation practice for housekeeping and mess staff who asked to improve spoken English.",
    fullDescription:
      "Staff members on campus have asked for relaxed, practical English conversation sessions. Sessions are informal and role-play based: ordering, directions, phone calls and interviews.",
    type: "teaching",
    duration: "1week",
    location: "Classroom P-12, campus",
    schedule: "Weekdays, 18:00–19:00",
    skills: ["English", "Communication", "Languages"],
    capacity: 8,
    totalRequiredHours: 40,
    coinsPerHour: 12,
    maxCoins: 150,
  },
  {
    title: "Winter Clothes Donation Drive",
    shortDescription:
      "Collect, sort and pack warm clothes donated by the campus for shelters across Bengaluru.",
    fullDescription:
      "Set up collection points in the hostels, sort donations by size and condition, and pack them for three partner shelters. Transport is arranged by the Social Impact Cell.",
    type: "donation",
    duration: "1-3days",
    location: "Student Activity Centre",
    schedule: "Friday to Sunday, flexible slots",
    skills: ["Leadership"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 8,
    maxCoins: 80,
  },
  {
    title: "Blood Donation Camp Volunteers",
    shortDescription: "Register donors, guide them through the camp and look after them afterwards.",
    fullDescription:
      "In partnership with a city hospital, the campus hosts a one-day blood donation camp. Volunteers manage registration, queues, refreshments and donor follow-up.",
    type: "donation",
    duration: "instant",
    location: "Main Auditorium foyer",
    schedule: "One day, 9:00–17:00",
    skills: ["Communication"],
    capacity: 20,
    totalRequiredHours: null,
    coinsPerHour: 10,
    maxCoins: 80,
  },
  {
    title: "Mentor a First-Generation College Applicant",
    shortDescription: "Guide a class 12 student through college choices, applications and scholarship forms.",
    fullDescription:
      "Pair with a student from a partner NGO who will be the first in their family to attend college. Meet weekly, online or on campus, to plan applications, essays and scholarships.",
    type: "mentoring",
    duration: "custom",
    location: "Online or campus library",
    schedule: "One hour a week for a term",
    skills: ["Communication", "Writing", "Leadership"],
    capacity: 10,
    totalRequiredHours: 150,
    coinsPerHour: 20,
    maxCoins: 400,
  },
  {
    title: "Startup Clinic for Women-Led Micro-Enterprises",
    shortDescription:
      "Help women entrepreneurs from a self-help group with pricing, bookkeeping and digital payments.",
    fullDescription:
      "Work in pairs with an entrepreneur to review costs and prices, set up simple bookkeeping and start accepting UPI payments. The clinic runs with a partner NGO.",
    type: "mentoring",
    duration: "2-4weeks",
    location: "Koramangala community hall",
    schedule: "Sundays, 10:00–13:00",
    skills: ["Maths", "Computers", "Research"],
    capacity: 6,
    totalRequiredHours: 60,
    coinsPerHour: 18,
    maxCoins: 250,
  },
  {
    title: "Lake Clean-Up at Madiwala",
    shortDescription:
      "Join a morning clean-up of the lake shore with the city's lake conservation volunteers.",
    fullDescription:
      "Gloves, bags and refreshments are provided. The team removes plastic from the shore and records what was collected for the city's lake report.",
    type: "community_service",
    duration: "instant",
    location: "Madiwala Lake, Bengaluru",
    schedule: "Sunday, 7:00–10:00",
    skills: ["Sports"],
    capacity: 40,
    totalRequiredHours: null,
    coinsPerHour: 10,
    maxCoins: 50,
  },
  {
    title: "Digital Literacy for Senior Citizens",
    shortDescription:
      "Teach seniors to use smartphones safely: video calls, UPI payments and spotting scams.",
    fullDescription:
      "A residents' association has asked for patient volunteers to run hands-on smartphone sessions for senior citizens, with a special focus on avoiding online fraud.",
    type: "community_service",
    duration: "1week",
    location: "HSR Layout residents' association",
    schedule: "Weekday afternoons, 15:00–17:00",
    skills: ["Computers", "Communication", "Languages"],
    capacity: 10,
    totalRequiredHours: 50,
    coinsPerHour: 12,
    maxCoins: 120,
  },
];

export function buildOpportunity(template: OpportunityTemplate, createdBy: number | null): NewOpportunity {
  return {
    ...template,
    customDuration: template.duration === "custom" ? "One term (about 12 weeks)" : null,
    contactEmail: "socialimpact@iimb.ac.in",
    contactPhone: "+91 80 2699 3000",
    status: "open",
    visibility: "public",
    createdBy,
  };
}

export const DEMO_STUDENT_NAMES: readonly { firstName: string; lastName: string; program: Program }[] = [
  { firstName: "Asha", lastName: "Rao", program: "PGP" },
  { firstName: "Rohan", lastName: "Mehta", program: "PGPBA" },
  { firstName: "Priya", lastName: "Iyer", program: "PGP" },
  { firstName: "Arjun", lastName: "Nair", program: "Executive" },
  { firstName: "Kavya", lastName: "Menon", program: "PhD" },
];

export function emailFor(firstName: string, lastName: string, domain: string): string {
  return `${firstName}.${lastName}@${domain}`.toLowerCase();
}
