/** A mailto: link with a prefilled subject and body (encoded so spaces stay spaces in every mail client). */
export function mailtoLink(email: string, message: { subject: string; body?: string }): string {
  const query = [`subject=${encodeURIComponent(message.subject)}`];
  if (message.body) query.push(`body=${encodeURIComponent(message.body)}`);
  return `mailto:${email}?${query.join("&")}`;
}

export function applicationMail(opportunityTitle: string): { subject: string } {
  return { subject: `Your application to "${opportunityTitle}"` };
}

/** The reminder for a student who was accepted and has not submitted hours yet. */
export function awaitingHoursMail(
  firstName: string,
  opportunityTitle: string,
): { subject: string; body: string } {
  return {
    subject: `Reminder: log your hours for "${opportunityTitle}"`,
    body: [
      `Hi ${firstName},`,
      "",
      `Thank you for volunteering for "${opportunityTitle}". Once you have served, please submit your hours from your Seva dashboard (My Dashboard, then Submit Hours) so that we can review them and award your coins.`,
      "",
      "If anything is holding you back, just reply to this e-mail.",
      "",
      "Warm regards,",
      "The Seva team",
    ].join("\n"),
  };
}
