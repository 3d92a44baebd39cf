import { avatarColour } from "@client/lib/avatar-colour";
import { cn } from "@client/lib/cn";
import { initialsOf } from "@client/lib/initials";
import { Avatar } from "radix-ui";

interface UserAvatarProps {
  firstName: string;
  lastName: string;
  profileImageUrl?: string | null;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const sizeClasses = {
  sm: "size-9 text-sm",
  md: "size-11 text-base",
  lg: "size-20 text-2xl",
} as const;

/** The profile image when there is one, else the initials of first and last name. Decorative: the name is
 * always written next to it. */
export function UserAvatar({
  firstName,
  lastName,
  profileImageUrl,
  size = "sm",
  className,
}: UserAvatarProps) {
  return (
    <Avatar.Root
      aria-hidden
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold text-white",
        avatarColour(`${firstName} ${lastName}`),
        sizeClasses[size],
        className,
      )}
    >
      {profileImageUrl && <Avatar.Image src={profileImageUrl} alt="" className="size-full object-cover" />}
      {/*
        The initials are drawn by CSS, not written as text: the avatar is decoration beside the name, and a
        button holding it ("Account menu for Meera Krishnan") would otherwise show text its name lacks (WCAG
        2.5.3, label in name).
      */}
      <Avatar.Fallback
        delayMs={profileImageUrl ? 400 : 0}
        data-initials={initialsOf(firstName, lastName)}
        className="before:content-[attr(data-initials)]"
      />
    </Avatar.Root>
  );
}
