// Profile → Settings → Notifications: e-mail on or off for each category that concerns the person, and for an
// admin whether new work comes as it happens or in the daily digest. Security mail always goes, so it has no
// switch. Each change saves at once.
import { Field, NativeSelect } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { MailPreferences, MailPreferencesUpdate } from "@shared/contract/mail";
import type { AdminDigestMode, NotificationCategory } from "@shared/domain/notifications";
import { Switch } from "radix-ui";
import { useId } from "react";
import { useMailPreferences, useUpdateMailPreferences } from "./api";

const DESCRIPTIONS: Partial<Record<NotificationCategory, string>> = {
  applications: "Received, accepted, not accepted, completed.",
  hours: "Hours approved with the coins, levels and badges they bring, or sent back with feedback.",
  opportunities: "A new date, place or schedule, a close or a removal of something you applied to.",
  reminders: "Hours to log, and hours to resubmit.",
  review_queue: "New applications and hours waiting for review.",
  targets: "An opportunity reaching its hours target.",
};

const DIGEST_LABELS: Record<AdminDigestMode, string> = {
  immediate: "As it happens",
  daily: "One digest a day, at 08:00",
};

export function NotificationSettings() {
  const preferences = useMailPreferences();
  if (preferences.data) return <NotificationChoices preferences={preferences.data} />;
  if (preferences.isError)
    return (
      <LoadError
        what="your notification settings"
        error={preferences.error}
        onRetry={() => preferences.refetch()}
      />
    );
  return <Skeleton className="h-24 w-full" />;
}

function NotificationChoices({ preferences }: { preferences: MailPreferences }) {
  const update = useUpdateMailPreferences();
  const handleLoggedOut = useHandleLoggedOut();

  function save(change: MailPreferencesUpdate, description: string) {
    update.mutate(change, {
      onSuccess: () => toast({ title: "Notifications Updated", description }),
      onError: (error) => {
        if (!handleLoggedOut(error)) toastFailure(error, "Update Failed", "Your setting could not be saved");
      },
    });
  }

  const pendingEmail = update.isPending ? update.variables?.email : undefined;
  return (
    <div className="grid gap-5">
      <p className="text-sm text-stone-700">
        You always see notifications in the app. Choose which ones also come by e-mail. Account security
        e-mails are always sent.
      </p>
      <ul className="grid gap-4">
        {preferences.categories.map((entry) => (
          <li key={entry.category}>
            <CategorySwitch
              label={entry.label}
              description={DESCRIPTIONS[entry.category]}
              checked={pendingEmail?.[entry.category as keyof typeof pendingEmail] ?? entry.email}
              disabled={update.isPending}
              onChange={(email) =>
                save(
                  { email: { [entry.category]: email } },
                  email ? `E-mail about “${entry.label}” is on.` : `No more e-mail about “${entry.label}”.`,
                )
              }
            />
          </li>
        ))}
      </ul>
      {preferences.digest !== null && (
        <DigestChoice
          digest={update.isPending ? (update.variables?.digest ?? preferences.digest) : preferences.digest}
          disabled={update.isPending}
          onChange={(digest) =>
            save(
              { digest },
              `New work now comes ${digest === "daily" ? "in a daily digest" : "as it happens"}.`,
            )
          }
        />
      )}
    </div>
  );
}

function DigestChoice(props: {
  digest: AdminDigestMode;
  disabled: boolean;
  onChange: (digest: AdminDigestMode) => void;
}) {
  return (
    <Field label="New work to review, by e-mail" className="sm:max-w-xs">
      {(control) => (
        <NativeSelect
          {...control}
          value={props.digest}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value as AdminDigestMode)}
        >
          {(Object.keys(DIGEST_LABELS) as AdminDigestMode[]).map((mode) => (
            <option key={mode} value={mode}>
              {DIGEST_LABELS[mode]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

function CategorySwitch(props: {
  label: string;
  description: string | undefined;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const switchId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={switchId} className="font-medium text-stone-900">
          E-mail: {props.label}
        </label>
        {props.description && (
          <p id={descriptionId} className="text-sm text-stone-700">
            {props.description}
          </p>
        )}
      </div>
      <Switch.Root
        id={switchId}
        aria-describedby={props.description ? descriptionId : undefined}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-500 transition-colors disabled:cursor-wait data-[state=checked]:bg-saffron-700"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </div>
  );
}
