const steps = [
  { title: "Browse", description: "Find an opportunity that matches your skills and schedule." },
  { title: "Apply and get approved", description: "Apply in one click; the organisers confirm your place." },
  { title: "Complete and earn", description: "Log your hours once the work is done and collect your coins." },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20">
      <h2 id="how-heading" className="text-center font-bold text-2xl text-stone-900 tracking-tight">
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-900 font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-stone-900">{step.title}</h3>
              <p className="mt-1 text-sm text-stone-700">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
