import { Coins, HandHeart, LineChart, Trophy } from "lucide-react";

export const FEATURES_SECTION_ID = "features";

const features = [
  {
    title: "Curated volunteer opportunities",
    description:
      "Teaching, mentoring, donation drives and community service, vetted by the Social Impact Cell.",
    icon: HandHeart,
  },
  {
    title: "Gamified engagement",
    description: "Earn coins for every approved hour, level up and unlock badges as your contribution grows.",
    icon: Coins,
  },
  {
    title: "Impact tracking",
    description:
      "Follow each application from sign-up to completion and keep a record of the hours you gave.",
    icon: LineChart,
  },
  {
    title: "Community recognition",
    description:
      "Climb the leaderboard and inspire your batch. Prefer privacy? Stay anonymous with one switch.",
    icon: Trophy,
  },
];

export function FeatureGrid() {
  return (
    <section
      id={FEATURES_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl px-4 py-16 outline-none sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-2xl text-center">
        <p className="font-semibold text-saffron-800 text-sm uppercase tracking-wider">Why Seva</p>
        <h2 id="features-heading" className="mt-2 font-bold text-3xl text-stone-900 tracking-tight">
          Everything you need to give back, in one place
        </h2>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ title, description, icon: Icon }) => (
          <li key={title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-xl bg-saffron-100 text-saffron-800">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-lg text-stone-900">{title}</h3>
            <p className="mt-2 text-sm text-stone-700">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
