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
  /** A photograph bundled with the app (src/client/public/photos, docs/photo-credits.md); without one, the type's tile. */
  imageUrl?: string;
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
    imageUrl: "/photos/autumn-leaves.webp",
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
    imageUrl: "/photos/kite-sky.webp",
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
    imageUrl: "/photos/lake-pier.webp",
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

/**
 * When a demo opportunity takes place (docs/product-rules.md §12): on `weekday` (0 Sunday … 6 Saturday) of the
 * week `weeksAway` from the seed's `now` (1: the coming one; negative: past), from `from` to `to` India time,
 * over `days` days. About half the open opportunities are dated, so the first start shows dates and 'Add to
 * Calendar'; a few past ones put history in the students' calendar feeds.
 */
export interface DemoDates {
  weeksAway: number;
  weekday: number;
  from: string;
  to: string;
  days?: number;
}

export const DEMO_OPPORTUNITY_DATES: Readonly<Record<string, DemoDates>> = {
  // A Saturday morning session.
  "Teach Maths at Government School, Bilekahalli": { weeksAway: 1, weekday: 6, from: "09:30", to: "12:30" },
  // A week of evenings, Monday to Friday.
  "Spoken English Circle for Campus Staff": { weeksAway: 2, weekday: 1, from: "18:00", to: "19:00", days: 5 },
  // A weekend-long drive, Friday to Sunday.
  "Winter Clothes Donation Drive": { weeksAway: 2, weekday: 5, from: "10:00", to: "18:00", days: 3 },
  "Startup Clinic for Women-Led Micro-Enterprises": { weeksAway: 1, weekday: 0, from: "10:00", to: "13:00" },
  "Lake Clean-Up at Madiwala": { weeksAway: 3, weekday: 0, from: "07:00", to: "10:00" },
  "Tree Plantation Drive at Turahalli Forest": {
    weeksAway: -7,
    weekday: 6,
    from: "06:30",
    to: "10:30",
    days: 2,
  },
  // A week-long drive.
  "Flood Relief Kit Packing": { weeksAway: -5, weekday: 1, from: "08:00", to: "18:00", days: 7 },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The start and end of a dated demo opportunity, relative to `now`; nothing for an undated one. */
export function demoDatesOf(title: string, now: number): { startsAt: Date; endsAt: Date } | undefined {
  const dates = DEMO_OPPORTUNITY_DATES[title];
  if (!dates) return undefined;
  const today = new Date(now + INDIA_OFFSET_MS);
  const untilNext = (dates.weekday - today.getUTCDay() + 7) % 7 || 7;
  const first = new Date(today.getTime() + (untilNext + (dates.weeksAway - 1) * 7) * DAY_MS);
  const last = new Date(first.getTime() + ((dates.days ?? 1) - 1) * DAY_MS);
  const at = (day: Date, time: string) => new Date(`${day.toISOString().slice(0, 10)}T${time}:00+05:30`);
  return { startsAt: at(first, dates.from), endsAt: at(last, dates.to) };
}

export const DEMO_STUDENT_NAMES: readonly { firstName: string; lastName: string; program: Program }[] = [
  { firstName: "Asha", lastName: "Rao", program: "PGP" },
  { firstName: "Rohan", lastName: "Mehta", program: "PGPBA" },
  { firstName: "Priya", lastName: "Iyer", program: "PGP" },
  { firstName: "Arjun", lastName: "Nair", program: "Executive" },
  { firstName: "Kavya", lastName: "Menon", program: "PhD" },
];

/** The demo's administrator (admin@<domain>): named here so the demo's sign-in page lists her as the seed made her. */
export const DEMO_ADMIN_NAME = { firstName: "Meera", lastName: "Krishnan" } as const;

export function emailFor(firstName: string, lastName: string, domain: string): string {
  return `${firstName}.${lastName}@${domain}`.toLowerCase();
}

/**
 * Opportunities that ran during the demo's semester, beside the eight open ones above: the students' history is
 * made on them, one is closed and one is filled by the seed (src/server/demo/seed.ts).
 */
export const HISTORY_OPPORTUNITY_TEMPLATES: readonly OpportunityTemplate[] = [
  {
    title: "Tree Plantation Drive at Turahalli Forest",
    shortDescription:
      "Dig pits, plant native saplings and mulch them with the forest department's nursery team.",
    fullDescription:
      "The forest department is restoring a degraded patch of Turahalli with native species. Volunteers plant and mulch saplings, build small water trenches and record each sapling for the survival survey a year later.",
    type: "community_service",
    duration: "1-3days",
    location: "Turahalli Forest, Bengaluru",
    schedule: "Saturday and Sunday, 6:30–10:30",
    skills: ["Sports", "Leadership"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 12,
    maxCoins: 150,
    imageUrl: "/photos/forest-path.webp",
  },
  {
    title: "Mid-Day Meal Serving with a School Kitchen",
    shortDescription: "Help a central kitchen pack and serve mid-day meals at two government schools.",
    fullDescription:
      "A central kitchen feeds children in nearby government schools. Volunteers pack meals, ride with the van, serve lunch and note which schools need more next week.",
    type: "community_service",
    duration: "2-4weeks",
    location: "Hosur Road central kitchen",
    schedule: "Weekdays, 10:30–13:30",
    skills: ["Communication"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 10,
    maxCoins: 200,
    imageUrl: "/photos/colourful-cups.webp",
  },
  {
    title: "Coding Club at Kendriya Vidyalaya",
    shortDescription:
      "Teach class 9 students their first programs in Scratch and Python, one afternoon a week.",
    fullDescription:
      "The school has a computer lab but no one to run a club. Prepare short exercises, pair students on projects and help them show their games at the term's science fair.",
    type: "teaching",
    duration: "custom",
    location: "Kendriya Vidyalaya, Hebbal",
    schedule: "Wednesdays, 14:30–16:30",
    skills: ["Computers", "Science", "Communication"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 15,
    maxCoins: 300,
  },
  {
    title: "Financial Literacy Camp for Self-Help Groups",
    shortDescription: "Explain savings, loans and insurance to women's self-help groups in Anekal taluk.",
    fullDescription:
      "With a microfinance partner, run half-day camps in Kannada, Tamil or Hindi on budgeting, the difference between formal and informal loans, and government insurance schemes.",
    type: "mentoring",
    duration: "1-3days",
    location: "Anekal taluk villages (transport provided)",
    schedule: "Two Saturdays, 9:00–15:00",
    skills: ["Maths", "Languages", "Communication"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 15,
    maxCoins: 200,
  },
  {
    title: "Audiobook Recording for Visually Impaired Students",
    shortDescription:
      "Record textbook chapters in English, Hindi or Kannada for a library for blind students.",
    fullDescription:
      "A library for visually impaired students needs this year's textbooks as audiobooks. Record in the campus studio, follow the library's style guide and proofread another volunteer's recordings.",
    type: "community_service",
    duration: "custom",
    location: "Campus media studio",
    schedule: "Any weekday slot, 1–2 hours",
    skills: ["English", "Languages", "Writing"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 12,
    maxCoins: 250,
  },
  {
    title: "Art Afternoons at a Children's Cancer Ward",
    shortDescription:
      "Run drawing, clay and craft sessions for children in long-term treatment and their siblings.",
    fullDescription:
      "A city hospital's paediatric oncology ward invites volunteers for calm, creative afternoons. Materials are provided; volunteers follow the ward's hygiene rules and are briefed by the child-life specialist.",
    type: "community_service",
    duration: "2-4weeks",
    location: "City hospital, Shanti Nagar",
    schedule: "Saturdays, 14:00–17:00",
    skills: ["Arts", "Music"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 12,
    maxCoins: 180,
    imageUrl: "/photos/yellow-flower.webp",
  },
  {
    title: "Flood Relief Kit Packing",
    shortDescription:
      "Pack and load relief kits of food, medicines and hygiene items for flood-hit districts.",
    fullDescription:
      "After the monsoon floods, a relief coalition collected supplies across the city. Volunteers check, pack and load kits in shifts at a warehouse; the drive has now closed.",
    type: "donation",
    duration: "1week",
    location: "Peenya warehouse (bus from campus)",
    schedule: "Daily shifts, 8:00–12:00 and 14:00–18:00",
    skills: ["Leadership", "Sports"],
    capacity: null,
    totalRequiredHours: null,
    coinsPerHour: 10,
    maxCoins: 120,
    imageUrl: "/photos/rain-drops.webp",
  },
  {
    title: "Lakeside Biodiversity Survey at Hebbal",
    shortDescription: "Count birds and map plants around Hebbal lake with a citizen-science team.",
    fullDescription:
      "A citizen-science group surveys the lake every season. Volunteers learn the survey protocol, count birds at fixed points at dawn and enter the data for the city's biodiversity register.",
    type: "community_service",
    duration: "1week",
    location: "Hebbal Lake, Bengaluru",
    schedule: "Mornings, 6:00–9:00",
    skills: ["Science", "Research"],
    capacity: null,
    // Set by the seed to the hours its history approves, so the last approval fills it as the app would.
    totalRequiredHours: null,
    coinsPerHour: 12,
    maxCoins: 150,
    imageUrl: "/photos/ladybird.webp",
  },
];

/** The opportunity the demo's history closes, and the one whose hours target its history reaches. */
export const CLOSED_HISTORY_TITLE = "Flood Relief Kit Packing";
export const FILLED_HISTORY_TITLE = "Lakeside Biodiversity Survey at Hebbal";

/** Indian first names (varied across regions) for generated students. */
export const INDIAN_FIRST_NAMES: readonly string[] = [
  "Aarav",
  "Aditi",
  "Advait",
  "Aishwarya",
  "Akshay",
  "Ananya",
  "Anil",
  "Anjali",
  "Arnav",
  "Bhavana",
  "Chetan",
  "Deepa",
  "Devika",
  "Dhruv",
  "Divya",
  "Farhan",
  "Gautam",
  "Gayathri",
  "Harsha",
  "Ishaan",
  "Ishita",
  "Jahnavi",
  "Karthik",
  "Kiran",
  "Lakshmi",
  "Manish",
  "Meghana",
  "Mohit",
  "Nandini",
  "Neha",
  "Nikhil",
  "Nisha",
  "Pallavi",
  "Pooja",
  "Pranav",
  "Rahul",
  "Ramya",
  "Ritika",
  "Sahil",
  "Sanjana",
  "Shreya",
  "Siddharth",
  "Sneha",
  "Suresh",
  "Tanvi",
  "Tejas",
  "Varun",
  "Vidya",
  "Vikram",
  "Zoya",
];

/** Indian surnames for generated students. */
export const INDIAN_LAST_NAMES: readonly string[] = [
  "Agarwal",
  "Banerjee",
  "Bhat",
  "Bose",
  "Chatterjee",
  "Chopra",
  "Das",
  "Deshpande",
  "Gowda",
  "Gupta",
  "Hegde",
  "Iyengar",
  "Jain",
  "Joshi",
  "Kamath",
  "Khan",
  "Kulkarni",
  "Malhotra",
  "Mishra",
  "Mukherjee",
  "Naidu",
  "Pandey",
  "Patel",
  "Pillai",
  "Prasad",
  "Reddy",
  "Saxena",
  "Sen",
  "Shetty",
  "Singh",
  "Srinivasan",
  "Subramanian",
  "Thakur",
  "Varghese",
  "Verma",
  "Yadav",
];

/** A small deterministic generator (LCG): the same seed gives the same rows. Never Math.random. */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
