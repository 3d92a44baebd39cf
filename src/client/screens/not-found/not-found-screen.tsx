import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Page } from "@client/components/ui/page";
import { paths } from "@client/lib/paths";
import { Compass } from "lucide-react";
import { Link, useLocation } from "react-router";

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <Page className="grid place-items-center">
      <title>Page not found · Seva</title>
      <Card className="grid max-w-lg gap-4 p-8 text-center">
        <Compass aria-hidden className="mx-auto size-10 text-saffron-700" />
        <h1 className="font-bold text-2xl text-stone-900">404 Page Not Found</h1>
        <p className="text-stone-700">
          There is no page at{" "}
          <code className="break-all rounded bg-stone-100 px-1.5 py-0.5 text-sm">{pathname}</code>.
        </p>
        <p className="text-sm text-stone-600">Did you forget to add the page to the router?</p>
        <Link to={paths.home} className={buttonClasses("primary", "md")}>
          Back to Home
        </Link>
      </Card>
    </Page>
  );
}
