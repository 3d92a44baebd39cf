// /admin/mail: what the product e-mailed, is waiting to send, failed to send (after a day of retries), or would
// have sent had a mail server been configured; and each message as its recipient gets it, text and HTML.
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Field, NativeSelect } from "@client/components/ui/field";
import { ListPager } from "@client/components/ui/list-pager";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import { useMailLog, useMailMessage } from "@client/features/mail/api";
import { formatDate, formatTime } from "@client/lib/format";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import { MAIL_LOG_STATUSES, type MailLogEntry, type MailLogStatus } from "@shared/contract/mail";
import { MailWarning } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { MAIL_STATUS_LABELS, MailStatusBadge } from "./mail-status";

const PAGE_SIZE = 25;

const when = (value: string) => `${formatDate(value)}, ${formatTime(value)}`;

export default function AdminMailScreen() {
  const [status, setStatus] = useState<MailLogStatus | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const log = useMailLog({ status, limit: PAGE_SIZE, offset });
  useRefreshOnVisit(["admin", "mail"]);
  useSendToLoginWhenUnauthorized(log.error);
  const data = log.data;

  return (
    <Page className="grid gap-8">
      <PageHeader
        title="Mail Log"
        description="Every e-mail the platform sends: delivered, waiting for a retry, failed, or not sent."
      />
      {data && !data.mailConfigured && (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>Mail is not configured</strong> (no <code>SMTP_URL</code>), so nothing is e-mailed. Below
            is what would have been sent; people still see every notification in the app.
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Show" className="w-full sm:w-64">
          {(control) => (
            <NativeSelect
              {...control}
              value={status ?? "all"}
              onChange={(event) => {
                const value = event.target.value;
                setStatus(value === "all" ? undefined : (value as MailLogStatus));
                setOffset(0);
              }}
            >
              <option value="all">All messages</option>
              {MAIL_LOG_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value === "failed" ? "Failed only" : MAIL_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Button
          variant={status === "failed" ? "primary" : "outline"}
          onClick={() => {
            setStatus(status === "failed" ? undefined : "failed");
            setOffset(0);
          }}
          aria-pressed={status === "failed"}
        >
          Failed only
        </Button>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <Section title="Messages">
          {data ? (
            <div className="grid gap-3">
              {data.messages.length === 0 ? (
                <p className="text-stone-700">
                  No messages{status ? ` with the status “${MAIL_STATUS_LABELS[status]}”` : ""}.
                </p>
              ) : (
                <ul aria-label="Messages" className="grid gap-2">
                  {data.messages.map((message) => (
                    <li key={message.id}>
                      <MessageRow
                        message={message}
                        selected={message.id === selected}
                        onOpen={() => setSelected(message.id)}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <ListPager
                offset={offset}
                pageSize={PAGE_SIZE}
                shown={data.messages.length}
                total={data.total}
                what={["messages", "message"]}
                onOffsetChange={setOffset}
              />
            </div>
          ) : log.isError ? (
            <LoadError what="the mail log" error={log.error} onRetry={() => log.refetch()} />
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </Section>
        <MessageView id={selected} />
      </div>
    </Page>
  );
}

function MessageRow({
  message,
  selected,
  onOpen,
}: {
  message: MailLogEntry;
  selected: boolean;
  onOpen: () => void;
}) {
  return (
    <Card className={selected ? "border-saffron-700 p-3" : "p-3"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <MailStatusBadge status={message.status} />
        <span className="text-sm text-stone-700">{when(message.createdAt)}</span>
      </div>
      <p className="mt-2 font-medium text-stone-900">{message.subject}</p>
      <p className="break-all text-sm text-stone-700">To {message.to}</p>
      {message.attempts > 0 && (
        <p className="text-sm text-stone-700">
          {message.attempts} {message.attempts === 1 ? "attempt" : "attempts"}
          {message.sentAt ? ` · sent ${when(message.sentAt)}` : ""}
          {message.status === "pending" ? ` · next try ${when(message.nextAttemptAt)}` : ""}
        </p>
      )}
      {message.lastError && message.status !== "not_sent" && (
        <p className="mt-1 break-words text-red-800 text-sm">Last error: {message.lastError}</p>
      )}
      <Button variant="outline" size="sm" className="mt-2" onClick={onOpen} aria-pressed={selected}>
        View message
        <span className="sr-only">
          : {message.subject} to {message.to}
        </span>
      </Button>
    </Card>
  );
}

function MessageView({ id }: { id: number | undefined }) {
  const message = useMailMessage(id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (id !== undefined) heading.current?.focus();
  }, [id]);
  return (
    <section aria-labelledby="mail-message-heading" className="grid gap-3">
      <h2
        id="mail-message-heading"
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-stone-900 text-xl"
      >
        {message.data ? message.data.subject : "Message"}
      </h2>
      {id === undefined ? (
        <p className="text-stone-700">Choose a message to read it as its recipient gets it.</p>
      ) : message.data ? (
        <>
          <p className="break-all text-sm text-stone-700">
            To {message.data.to} · <MailStatusBadge status={message.data.status} />
          </p>
          <h3 className="font-medium text-stone-900">As HTML</h3>
          <iframe
            title={`HTML part of “${message.data.subject}”`}
            sandbox=""
            srcDoc={message.data.html}
            className="h-[28rem] w-full rounded-lg border border-stone-300 bg-white"
          />
          <h3 id="mail-text-part" className="font-medium text-stone-900">
            As text
          </h3>
          {/* Scrolls when long; focusable so keyboards can scroll it too. */}
          <section
            aria-labelledby="mail-text-part"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-lg border border-stone-300 bg-stone-50"
          >
            <pre className="whitespace-pre-wrap break-words p-3 text-sm text-stone-900">
              {message.data.text}
            </pre>
          </section>
        </>
      ) : message.isError ? (
        <LoadError what="the message" error={message.error} onRetry={() => message.refetch()} />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </section>
  );
}
