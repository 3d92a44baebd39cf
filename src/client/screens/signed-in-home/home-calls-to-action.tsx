import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { cn } from "@client/lib/cn";
import { paths } from "@client/lib/paths";
import type { Role } from "@shared/domain/enums";
import { ArrowRight, LayoutDashboard, Trophy } from "lucide-react";
import { Link } from "react-router";

/** The two next steps under the home page: the student's own dashboard (admins: theirs) and the rankings. */
export function HomeCallsToAction({ role }: { role: Role }) {
  const journey =
    role === "admin"
      ? {
          title: "Run the programme",
          text: "Review applications and hours, and publish new opportunities.",
          to: paths.admin,
          action: "Admin Dashboard",
        }
      : {
          title: "Track your journey",
          text: "See your applications, submit your hours and watch your level grow.",
          to: paths.dashboard,
          action: "My Dashboard",
        };
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <CallToAction icon={LayoutDashboard} {...journey} />
      <CallToAction
        icon={Trophy}
        title="Climb the leaderboard"
        text="Find out who leads the community in coins and completed projects."
        to={paths.leaderboard}
        action="View Leaderboard"
      />
    </div>
  );
}

interface CallToActionProps {
  icon: typeof Trophy;
  title: string;
  text: string;
  to: string;
  action: string;
}

function CallToAction({ icon: Icon, title, text, to, action }: CallToActionProps) {
  return (
    // On phones the icon sits beside the words and the link goes under both, which keeps the card low.
    <Card className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 p-5 sm:flex sm:flex-row sm:gap-4 sm:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center self-start rounded-full bg-saffron-100 text-saffron-800 sm:size-12 sm:self-center">
        <Icon aria-hidden className="size-5 sm:size-6" />
      </span>
      <div className="grid flex-1 gap-1">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <p className="text-sm text-stone-700">{text}</p>
      </div>
      <Link to={to} className={cn(buttonClasses("secondary"), "col-span-2 w-fit")}>
        {action}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </Card>
  );
}
