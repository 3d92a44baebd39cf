import { Button, buttonClasses } from "@client/components/ui/button";
import { paths } from "@client/lib/paths";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { useQueryClient } from "@tanstack/react-query";
import { BarChart3, List, Mail, Plus, RefreshCw } from "lucide-react";
import { memo, useState } from "react";
import { Link } from "react-router";

export const QuickActions = memo(function QuickActions() {
  const queryClient = useQueryClient();
  const handleLoggedOut = useHandleLoggedOut();
  const [isRefreshing, setRefreshing] = useState(false);

  async function refreshAll() {
    setRefreshing(true);
    try {
      // Every admin list lives under ["admin"]: the applications and the opportunities
      // (docs/product-spec.md §2).
      await queryClient.refetchQueries({ queryKey: ["admin"], type: "active" }, { throwOnError: true });
      toast({ title: "Refreshed", description: "All data has been refreshed" });
    } catch (error) {
      if (!handleLoggedOut(error)) toastFailure(error, "Refresh Failed", "Some data could not be refreshed");
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <nav aria-label="Quick Actions" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
      <Link to={paths.adminOpportunityNew} className={buttonClasses("primary", "sm")}>
        <Plus aria-hidden className="size-4" />
        New Opportunity
      </Link>
      <Link to={paths.adminOpportunities} className={buttonClasses("outline", "sm")}>
        <List aria-hidden className="size-4" />
        All Opportunities
      </Link>
      <Link to={paths.adminAnalytics} className={buttonClasses("outline", "sm")}>
        <BarChart3 aria-hidden className="size-4" />
        Analytics
      </Link>
      <Link to={paths.adminMail} className={buttonClasses("outline", "sm")}>
        <Mail aria-hidden className="size-4" />
        Mail Log
      </Link>
      <Button variant="outline" size="sm" isPending={isRefreshing} onClick={refreshAll}>
        {!isRefreshing && <RefreshCw aria-hidden className="size-4" />}
        Refresh All
      </Button>
    </nav>
  );
});
