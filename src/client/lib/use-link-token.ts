// The secret of an e-mailed link (`/reset-password#token=…`, `/confirm-hours#token=…`): in the fragment, so it
// never reaches a server's logs.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

function tokenIn(hash: string): string | null {
  return new URLSearchParams(hash.slice(1)).get("token")?.trim() || null;
}

/**
 * Takes the token out of the address as soon as the page opens (replacing the history entry), so it is neither
 * left in the history nor passed on with a copied address; the page keeps it in memory.
 */
export function useTokenFromAddress(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenIn(location.hash));

  useEffect(() => {
    if (!location.hash) return;
    // Another link opened in this same page replaces the one read before.
    const next = tokenIn(location.hash);
    if (next) setToken(next);
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
  }, [location.hash, location.pathname, location.search, location.state, navigate]);

  return token;
}
