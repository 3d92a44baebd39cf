-- The page's rows without any JSON (only the ids): the floor of finding, joining and ordering them.
select (select coalesce(sum("application_counts"."applications"), 0)::int from "application_counts" where "application_counts"."status" = 'hours_submitted') as once, items.* from (select 1) as one
	    left join lateral (select p.id::text as item, p.position from (select "applications".*,
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
