import { Award, Clock, FolderHeart, TrendingUp } from "lucide-react";

// Fixed sample figures: the card illustrates the product, it is not anyone's data.
const SAMPLE_PROGRESS_PERCENT = 78;
const sampleStats = [
  { label: "Projects", value: "12", icon: FolderHeart },
  { label: "Hours", value: "46", icon: Clock },
];

/** The decorative dashboard card of the landing page; hidden from assistive technology. */
export function ImpactPreviewCard() {
  return (
    <div
      aria-hidden
      className="mx-auto w-full max-w-md rounded-3xl bg-white p-6 text-stone-900 shadow-2xl ring-1 ring-white/20"
    >
      <div className="flex items-center justify-between">
        <div>
          <p className="font-medium text-sm text-stone-600">Total Impact Score</p>
          <p className="font-bold text-4xl text-indigo-950 tracking-tight">2,450</p>
        </div>
        <span className="flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 font-semibold text-emerald-800 text-xs">
          <TrendingUp className="size-3.5" />
          +12% this month
        </span>
      </div>
      <div className="mt-6 grid grid-cols-2 gap-3">
        {sampleStats.map(({ label, value, icon: Icon }) => (
          <div key={label} className="rounded-2xl bg-saffron-50 p-4">
            <Icon className="size-5 text-saffron-700" />
            <p className="mt-2 font-bold text-2xl text-stone-900">{value}</p>
            <p className="text-sm text-stone-700">{label}</p>
          </div>
        ))}
      </div>
      <div className="mt-6 grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <span className="flex items-center gap-1.5 font-medium text-stone-700">
            <Award className="size-4 text-indigo-700" />
            Next badge: Change Maker
          </span>
          <span className="font-semibold text-stone-900">{SAMPLE_PROGRESS_PERCENT}%</span>
        </div>
        <div className="h-2.5 overflow-hidden rounded-full bg-stone-100">
          <div
            className="h-full rounded-full bg-gradient-to-r from-saffron-500 to-saffron-700"
            style={{ width: `${SAMPLE_PROGRESS_PERCENT}%` }}
          />
        </div>
      </div>
    </div>
  );
}
