import { RoleBadge } from "@client/components/ui/role-badge";
import { UserAvatar } from "@client/components/ui/user-avatar";
import { useLogout } from "@client/features/auth/api";
import { paths } from "@client/lib/paths";
import type { CurrentUser } from "@shared/contract/auth";
import { ChevronDown, Coins, LogOut, type LucideIcon, ShieldCheck, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";

const itemClasses =
  "flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 text-left outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-saffron-50 data-[highlighted]:outline-2 data-[highlighted]:outline-solid data-[highlighted]:outline-indigo-600 data-[highlighted]:-outline-offset-2";

function MenuEntry({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-600" />
      <span className="grid">
        <span className="font-medium text-sm text-stone-900">{title}</span>
        <span className="text-stone-600 text-xs">{description}</span>
      </span>
    </>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const fullName = `${user.firstName} ${user.lastName}`;

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay focusable
    // (WCAG 4.1.2); Escape, Tab and a click outside still close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${fullName}`}
        className="flex items-center gap-2 rounded-full p-0.5 pr-1.5 hover:bg-stone-100 data-[state=open]:bg-stone-100"
      >
        <UserAvatar {...user} />
        <span className="hidden font-medium text-sm text-stone-800 lg:inline">{user.firstName}</span>
        <ChevronDown aria-hidden className="size-4 text-stone-600" />
      </DropdownMenu.Trigger>
      {/* Rendered in place, inside the header's landmark, rather than in a portal at the end of the body. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-stone-200 bg-white p-1.5 shadow-xl"
      >
        <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2">
          <UserAvatar {...user} size="md" />
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate font-semibold text-stone-900">{fullName}</span>
            <span className="truncate text-stone-600 text-xs">{user.email}</span>
            <span className="mt-1 flex flex-wrap items-center gap-2">
              <RoleBadge role={user.role} />
              <span className="inline-flex items-center gap-1 font-semibold text-saffron-900 text-xs">
                <Coins aria-hidden className="size-3.5" />
                {`${user.coins ?? 0} coins`}
              </span>
            </span>
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
        <MenuLink to={paths.profile}>
          <MenuEntry icon={UserRound} title="Profile" description="View and edit your profile" />
        </MenuLink>
        {user.role === "admin" && (
          <MenuLink to={paths.admin}>
            <MenuEntry icon={ShieldCheck} title="Admin Dashboard" description="Manage platform and users" />
          </MenuLink>
        )}
        <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
        <DropdownMenu.Item
          className={itemClasses}
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
        >
          <MenuEntry icon={LogOut} title="Sign Out" description="Logout from your account" />
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClasses}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}
