// The decisions as the product runs them: each writes its notification and its e-mail (notify()).
import { decisionBenches } from "./decisions";

decisionBenches("with notifications");
