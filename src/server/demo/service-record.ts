// The demo's service record (docs/product-rules.md §10, ADR 0040): what each student wrote they did, some
// reflections, and the opportunities whose hours an on-site supervisor confirms. Kept apart from the templates
// (factories.ts), which tests also use to make plain opportunities.

/** India's calendar day of an instant, as the `date` columns keep it: '2026-11-25'. */
export function indiaDay(at: number): string {
  return new Date(at + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}

/** Supervisor verification on three demo opportunities: two with a named supervisor, one where students name theirs. */
export interface DemoSupervision {
  supervisorName: string | null;
  supervisorEmail: string | null;
  studentNamesSupervisor: boolean;
  autoApproveMaxHours: number | null;
}

export const DEMO_SUPERVISION: Readonly<Record<string, DemoSupervision>> = {
  "Teach Maths at Government School, Bilekahalli": {
    supervisorName: "Mrs Lakshmi Narayan, Headmistress",
    supervisorEmail: "lakshmi.narayan@bilekahalli-school.in",
    studentNamesSupervisor: false,
    autoApproveMaxHours: 6,
  },
  "Mid-Day Meal Serving with a School Kitchen": {
    supervisorName: "Mr Ravi Shankar, Kitchen Manager",
    supervisorEmail: "ravi.shankar@hosurroad-kitchen.in",
    studentNamesSupervisor: false,
    autoApproveMaxHours: null,
  },
  "Art Afternoons at a Children's Cancer Ward": {
    supervisorName: null,
    supervisorEmail: null,
    studentNamesSupervisor: true,
    autoApproveMaxHours: null,
  },
};

/** The ward's staff the students named as their supervisor, one per submission. */
export const STUDENT_NAMED_SUPERVISORS: readonly { name: string; email: string }[] = [
  { name: "Sister Mary Thomas, Ward Nurse", email: "mary.thomas@shantinagar-hospital.in" },
  { name: "Dr Anjali Rao, Paediatric Oncologist", email: "anjali.rao@shantinagar-hospital.in" },
  { name: "Ms Farah Sheikh, Child Life Specialist", email: "farah.sheikh@shantinagar-hospital.in" },
];

export const DEMO_DISPUTE_REASON =
  "Our register shows this student on one afternoon that week, not three; please check the dates with our office.";

/** What was done, per opportunity; any other opportunity draws on the general list. */
const DESCRIPTIONS: Readonly<Record<string, readonly string[]>> = {
  "Teach Maths at Government School, Bilekahalli": [
    "Taught fractions to class 6 with the school's worksheets; marked 28 notebooks.",
    "Ran a times-tables quiz for class 5 in two groups and helped six children who were falling behind.",
    "Revised decimals and percentages with class 7 before their unit test; prepared a one-page practice sheet.",
  ],
  "Spoken English Circle for Campus Staff": [
    "Led two conversation circles with the housekeeping team on asking for directions and describing their day.",
    "Practised phone conversations with five security staff and noted words to revisit next week.",
  ],
  "Winter Clothes Donation Drive": [
    "Sorted about 300 donated garments by size, set aside damaged ones and packed 42 labelled cartons.",
    "Staffed the collection desk for two evenings and logged donations in the drive's register.",
  ],
  "Blood Donation Camp Volunteers": [
    "Registered donors at the front desk, checked ID and guided 60 donors to the screening queue.",
    "Served refreshments in the recovery area and watched donors for dizziness, as the nurses asked.",
  ],
  "Mentor a First-Generation College Applicant": [
    "Two sessions with my mentee on her statement of purpose; we cut it to 600 words and fixed the structure.",
    "Helped my mentee shortlist eight colleges and fill the common application's family section.",
  ],
  "Startup Clinic for Women-Led Micro-Enterprises": [
    "Built a simple cash-book in a notebook with a tailoring unit owner and showed her how to total each week.",
    "Priced a pickle maker's three products with her costs and drafted a WhatsApp catalogue.",
  ],
  "Lake Clean-Up at Madiwala": [
    "Cleared plastic from the northern bank with a team of twelve; we filled 35 sacks for the BBMP truck.",
    "Sorted collected waste into dry and wet and recorded the weights on the lake trust's sheet.",
  ],
  "Digital Literacy for Senior Citizens": [
    "Showed four residents how to make UPI payments safely and how to spot a fraud call.",
    "Set up video calling on three phones and practised with each resident until they could call a grandchild.",
  ],
  "Tree Plantation Drive at Turahalli Forest": [
    "Dug pits and planted 25 native saplings along the trail; watered them with the forest department's tanker.",
    "Mulched and staked the saplings planted last week and replaced four that had not survived.",
  ],
  "Mid-Day Meal Serving with a School Kitchen": [
    "Served lunch to about 400 children across three sittings and helped clean the serving hall after.",
    "Packed meal containers for two partner schools and checked each crate's count against the dispatch list.",
  ],
  "Coding Club at Kendriya Vidyalaya": [
    "Taught loops in Scratch to class 8; every pair finished a small maze game by the end of the session.",
    "Helped the club debug their quiz app and introduced variables with a score counter.",
  ],
  "Financial Literacy Camp for Self-Help Groups": [
    "Explained savings accounts and the bank's minimum balance rules to two self-help groups in Kannada with a translator.",
    "Ran a role-play on repaying a group loan on time and answered questions on insurance.",
  ],
  "Audiobook Recording for Visually Impaired Students": [
    "Recorded chapters 4 and 5 of the class 10 history textbook and re-recorded two pages with background noise.",
    "Proof-listened to another volunteer's recordings and logged the timestamps that needed fixing.",
  ],
  "Art Afternoons at a Children's Cancer Ward": [
    "Ran a clay-modelling afternoon for nine children; kept the materials within the ward's hygiene rules.",
    "Painted a mural panel with the older children and set up bedside drawing kits for those who could not join.",
  ],
  "Flood Relief Kit Packing": [
    "Packed 120 relief kits with rice, dal, oil and a hygiene pouch; checked the weights at the end of the line.",
    "Loaded cartons onto the trucks for Kodagu and updated the dispatch tally.",
  ],
  "Lakeside Biodiversity Survey at Hebbal": [
    "Counted birds at two survey points at dawn and photographed unidentified species for the lead researcher.",
    "Entered two mornings of counts into the survey spreadsheet and cross-checked the species names.",
  ],
};

const GENERAL = [
  "Helped the coordinator set up, worked through the session and cleared up afterwards.",
  "Worked with the partner's team on the day's tasks and wrote up what we finished for the next volunteers.",
];

export const REFLECTIONS: readonly string[] = [
  "I underestimated how much patience it takes to explain something simple three different ways.",
  "Working with the partner's staff showed me how much planning goes into a day that looks easy from outside.",
  "I want to come back next term; the people we worked with remembered our names from last time.",
  "Listening first, then suggesting, worked far better than arriving with a plan of my own.",
];

export function descriptionsFor(title: string): readonly string[] {
  return DESCRIPTIONS[title] ?? GENERAL;
}
