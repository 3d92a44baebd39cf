-- As submission-json-on-application, joined to the item as text.
select (select coalesce(sum("application_counts"."applications"), 0)::int from "application_counts" where "application_counts"."status" = 'hours_submitted') as once, items.* from (select 1) as one
	    left join lateral (select left(json_build_object('id', "p"."id", 'userId', "p"."user_id", 'opportunityId', "p"."opportunity_id", 'status', "p"."status", 'appliedAt', to_char("p"."applied_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'completedAt', to_char("p"."completed_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'notes', "p"."notes", 'coinsAwarded', "p"."coins_awarded", 'hoursCompleted', "p"."hours_completed", 'submittedHours', "p"."submitted_hours", 'hourSubmissionDate', to_char("p"."hour_submission_date" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'adminFeedback', "p"."admin_feedback",
	  'user', json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'email', p.email),
	  'opportunity', json_build_object('id', p.opportunity_id, 'title', p.title, 'type', p.type,
	    'status', p.opportunity_status, 'coinsPerHour', p.coins_per_hour, 'maxCoins', p.max_coins,
	    'totalRequiredHours', p.total_required_hours),
	  'totalRequiredHours', p.total_required_hours)::text, -1) || ', "hoursUnderReview" : ' || coalesce(p.review_json, 'null') || '}' as item, p.position from (select "applications".*,
	      "users"."first_name" as first_name, "users"."last_name" as last_name, "users"."email" as email,
	      "opportunities"."title" as title, "opportunities"."type" as type, "opportunities"."status" as opportunity_status,
	      "opportunities"."coins_per_hour" as coins_per_hour, "opportunities"."max_coins" as max_coins,
	      "opportunities"."total_required_hours" as total_required_hours,
	      row_number() over (order by "applications"."applied_at" desc, "applications"."id" desc) as position
	    from "applications"
	    inner join "users" on "users"."id" = "applications"."user_id"
	    inner join "opportunities" on "opportunities"."id" = "applications"."opportunity_id"
	    where "applications"."status" = 'hours_submitted'
	    order by "applications"."applied_at" desc, "applications"."id" desc limit 100) p) as items on true
	    order by items.position
;
