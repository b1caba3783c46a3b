# ruff: noqa: RUF001, RUF002  (Cyrillic letters are the point of this file)
"""Українська: усі слова оповіді й `check`. Терміни — з першоджерела (docs/rules.md, глосарій):
Статура, Мудрість, Харизма, рятувальний кидок проти Загибелі, ведучий гри, повноцінний нічний
відпочинок, виснаження, мандрівні чудовиська, захоплено зненацька, варта, послідовність варт,
засіб для добування вогню; шанси — «2 з 6» (не «2-in-6»), тривалість — «6 год 40 хв».

Ніч і зустріч — у теперішньому часі; ранок розповідає, що сталося, у минулому, і там, де
дієслово має рід, рядок береться за займенниками персонажа (`pronouns`), а без них — такий,
що роду не потребує (ніколи не множина дієслова для однини «they»: «Moss: без сну на
варті»). `{і}`, `{у}`, `{о}`: і/й, у/в, о/об за сусідніми звуками (euphony.py);
`{hours:#hour_acc}`: число з іменником у потрібній формі множини (CLDR); `{to:@acc}`: ім'я
в потрібному відмінку (declension.py, або форми з конфігурації: party.forms)."""

from __future__ import annotations

UK: dict[str, str | dict[str, str]] = {
    # слова й формати
    "word.nobody": "ніхто",
    "word.everyone": "всіх",
    "word.yes": "так",
    "word.no": "ні",
    "fmt.hm": "{h} год {m} хв",
    "fmt.h": "{h} год",
    "fmt.m": "{m} хв",
    "fmt.minus": "\u2212",
    "fmt.chance": "{x} з {n}",
    "word.and": " {і} ",
    "fmt.decimal": ",",
    "roll.vs": ", потрібно {target}",
    "roll.on": ", на {target}",
    "roll.on_doze": ", засинає на {target}",
    "roll.on_spell": ", невдача на {target}",
    # призначення кидків
    "roll.firewood": "дрова",
    "roll.WIS check": "перевірка Мудрості",
    "roll.CHA check": "перевірка Харизми",
    "roll.CON check": "перевірка Статури",
    "roll.save vs Doom": "рятувальний кидок проти Загибелі",
    "roll.light the fire": "розпалювання багаття",
    "roll.falls asleep on watch": "сон на варті",
    "roll.minute of dozing off": "хвилина засинання",
    "roll.wandering monster": "мандрівні чудовиська",
    "roll.minute of arrival": "хвилина появи",
    "roll.party surprise": "захоплення зненацька (гурт)",
    "roll.monster surprise": "захоплення зненацька (чудовиська)",
    "roll.distance x 30 ft": "відстань \u00d7 30\u2032",
    "roll.creature": "істота",
    "roll.spell fails": "закляття",
    # замкнені переліки
    "season.winter": "зима",
    "season.spring": "весна",
    "season.summer": "літо",
    "season.autumn": "осінь",
    "weather.dry": "суха погода",
    "weather.damp": "вогка погода",
    "weather.snow": "сніг",
    "weather.heavy_rain": "сильна злива",
    "difficulty.easy": "легко",
    "difficulty.moderate": "помірно",
    "difficulty.hard": "складно",
    "difficulty.impossible": "неможливо",
    "table.night_fire": "ніч із багаттям",
    "table.night_no_fire": "ніч без багаття",
    "terrain.farmland": "орні землі",
    "terrain.fungal forest": "грибний ліс",
    "terrain.hills": "пагорби",
    "terrain.meadow": "луки",
    "terrain.open forest": "рідколісся",
    "terrain.bog": "трясовина",
    "terrain.hilly forest": "горбистий ліс",
    "terrain.tangled forest": "нетрі",
    "terrain.boggy forest": "заболочений ліс",
    "terrain.craggy forest": "скелястий ліс",
    "terrain.swamp": "болото",
    "terrain.thorny forest": "колючий ліс",
    "reason.no fire-starter": "ні в кого немає засобу для добування вогню",
    "reason.no firewood": "немає дров",
    "reason.the fire would not catch": "розпалити його не вдається",
    "reason.no fire": "немає багаття",
    "reason.no cookware": "немає кухонного посуду",
    "reason.no ingredients": "немає інгредієнтів",
    "reason.camped dark by choice": "гурт свідомо ночує без вогню",
    "reason.no fire-starter nor wood": "ні в кого немає засобу для добування вогню, і дров"
    " теж немає",
    # заголовок
    "header.title": "nightsim \u00b7 зерно {seed}",
    "header.journey": "мандрівка на {nights:#night}",
    "header.terrain": "Табір: {terrain}; шанс зустрічі {chance} з 6.",
    "header.chance": "Шанс зустрічі {chance} з 6 (заданий для цього гексу).",
    "header.season": "Пора року: {season}",
    "header.season_month": "Пора року: {season} ({month})",
    "header.weather": "{weather}, модифікатор кидка на дрова {mod}",
    "header.weather_custom": "погода на розсуд ведучого гри",
    "header.fire_auto": "Багаття: є засіб для добування вогню; за звичайних умов багаття"
    " розпалюється автоматично.",
    "header.fire_chance": "Багаття: є засіб для добування вогню, але шанс успішно розпалити"
    " багаття лише {chance} з 6.",
    "header.fire_no_starter": "Багаття: ні в кого немає засобу для добування вогню.",
    "header.carried": "Принесено дров на {hours:#hour_acc}.",
    "header.rest": "Відпочинок {start}\u2013{end}; варти: {rota}.",
    "header.no_watch": "ніхто не вартує",
    "header.fire_dark": "Багаття: немає, гурт свідомо ночує без вогню.",
    "header.bedroll": "спальний згорток",
    "header.tent": "намет",
    "header.no_bedding": "немає",
    # стовпці
    "col.character": "Персонаж",
    "col.hp": "HP",
    "col.save_doom": "Загибель",
    "col.bedding": "Спорядження",
    "col.spells": "Закляття",
    "col.slept": "Сон",
    "col.night": "Ніч",
    # the rest table\'s difficulty of the night for a character (easy, moderate, …)
    "col.difficulty": "Складність",
    "col.check": "Перевірка Статури",
    "col.rest": "Повноцінний відпочинок",
    # "Висн." in the morning table: with "1d6 [6]+3 = 9, потрібно ≥4" a row must still fit
    # 100 columns on one line
    "col.exhaustion": "Висн.",
    "col.rested": "Відпочинок",
    "col.hp_path": "HP",
    "col.exhaustion_path": "Виснаження",
    "col.lost": "Втрачено заклять",
    "col.surprised": "Ночей зненацька",
    "abbr.con": "Стат.",
    "abbr.wis": "Мудр.",
    "abbr.cha": "Хар.",
    "abbr.exhaustion": "Висн.",
    "abbr.rest": "Відпоч.",
    # вечір
    "evening.title": "Вечір",
    "evening.site_one": "{actors} облаштовує табір: прибирає гілки й каміння, розкладає спальні"
    " згортки, готує вогнище.",
    "evening.site_many": "{actors} облаштовують табір: прибирають гілки й каміння, розкладають"
    " спальні згортки, готують вогнище.",
    "evening.firewood": "{actor} збирає дрова: багаттю вистачить на {hours:#hour_acc}.",
    "evening.firewood_none": "{actor} шукає дрова, але не знаходить придатних для багаття.",
    "evening.water": "{actor} набирає питної води й наповнює всі бурдюки.",
    "evening.fire_lit": "Багаття розпалено: дров на {hours:#hour_acc}, горітиме до {until}.",
    "evening.fire_not_lit": "Цієї ночі без багаття: {reason}.",
    "evening.meal_tasty": "{actor} готує особливо смачну страву: +1 до перевірок Статури на"
    " відпочинок для {eaters:@gen}.",
    "evening.meal_plain": "{actor} готує їстівну, але нічим не видатну страву.",
    "evening.meal_ruined": "{actor} псує страву: вона цілком неїстівна, використані інгредієнти"
    " змарновано.",
    "evening.meal_not_cooked": "{actor} не може приготувати їжу: {reason}.",
    "evening.mood_lifted": "{actor} розважає товариство й підносить дух: +1 до перевірок Статури"
    " на відпочинок для всіх.",
    "evening.mood_flat": "{actor} намагається розважити товариство, але спроба зазнає невдачі.",
    "evening.mood_ridiculed": "{actor} намагається розважити товариство й наражається на"
    " глузування та чвари: \u22121 до власних перевірок Статури на відпочинок.",
    # ніч: теперішній час
    "night.title": "Ніч {night} \u00b7 {when}",
    "night.date": "{day} {month}, {season}",
    "night.month": "{month}, {season}",
    "night.hours_title": "Ніч, година за годиною",
    "night.rest_began": "Табір вкладається спати; відпочинок до {until}.",
    "night.no_watch": "Варти ніхто не несе.",
    "night.unwatched_from": "Від {clock} ніхто не вартує.",
    "night.watch_began": "{actor} заступає на варту до {until}.",
    "night.watch_resumed": "Варта відновлюється: {actor} вартує до {until}.",
    "night.handed_over": "{actor} будить {to:@acc} {і} передає варту.",
    "night.dozed": "{actor} засинає на варті. Відтепер ніхто не вартує.",
    "night.missed_self": "{actor} спить далі й проспить власну наступну варту.",
    "night.missed": "Ніхто не будить {actor:@acc}: зміну варти пропущено, {actor} спить далі.",
    "night.watch_ended": "{actor} завершує варту; решта ночі без варти.",
    "night.fire.out": "Багаття згасає.",
    "night.monster_check": "Ведучий гри таємно виконує перевірку на мандрівних чудовиськ"
    " ({chance} з 6).",
    "night.monster.arrived": "Щось виходить із темряви!",
    "night.camp.woke": "Увесь табір прокидається.",
    "night.settled": "Табір знову вкладається; на варті {actor}.",
    "night.settled_no_watch": "Табір знову вкладається; варти ніхто не несе.",
    "night.rest_extended": "Табір відсипається: відпочинок триває до {until}.",
    "hour.title": "{start}\u2013{end} година {hour}",
    "hour.on_watch": "на варті: {actor}",
    "hour.on_watch_turns": "на варті: {turns}",
    "hour.turn_first": "{who} до {until}",
    "hour.turn_then_until": ", потім {who} до {until}",
    "hour.turn_last": ", потім {who}",
    "hour.nobody_watch": "на варті нікого",
    "hour.fire_on": "багаття горить",
    "hour.fire_off": "багаття немає",
    "hour.fire_for": "багаття горить {minutes:#minute_acc}",
    "hour.asleep": "сплять: {names}",
    "hour.asleep_one": "спить: {names}",
    "hour.dozed": "сон на варті: {names}",
    "hour.dozed_woken": "сон на варті, доки не розбудили: {names}",
    "hour.awake": "не сплять: {names}",
    "hour.awake_one": "не спить: {names}",
    # зустріч: теперішній час
    "enc.title": "Зустріч {о} {clock}",
    "enc.check": "Перевірка на мандрівних чудовиськ: {roll}.",
    "enc.watch_of": "На варті {actor}.",
    "enc.watch_of_asleep": {
        "he": "На варті {actor}, але він спить.",
        "she": "На варті {actor}, але вона спить.",
        "they": "На варті {actor}, але спить.",
        "none": "На варті {actor}, але спить.",
    },
    "enc.unwatched_hour": "Цю частину ночі ніхто не вартує.",
    "enc.creature": "Істота: {creature} (таблиця: {table}).",
    "enc.roll_table": "Визначте істоту за своєю таблицею: {table}.",
    "enc.distance": "Відстань: {ft:#foot} ({roll} \u00d7 30\u2032).",
    "enc.awake": "Не сплять: {names}.",
    "enc.awake_one": "Не спить: {names}.",
    "enc.nobody_awake": "Ніхто не пильнує: гурт захоплено зненацька.",
    "enc.surprised": "Захоплено зненацька: {names}.",
    "enc.party_surprised": "Тих, хто не спить, захоплено зненацька ({roll}).",
    "enc.party_not_surprised": "Тих, хто не спить, не захоплено зненацька ({roll}).",
    "enc.monster_surprised": "Чудовиськ захоплено зненацька ({roll}).",
    "enc.monster_not_surprised": "Чудовиськ не захоплено зненацька ({roll}).",
    # ранок: що сталося вночі (минулий час, рід за займенниками)
    "morning.title": "Ранок після ночі {night} \u00b7 {clock}",
    "rest.short": "ні: сон менше 6 год",
    "rest.short_abbr": "<6 год",
    "rest.check_passed": "так",
    "rest.check_failed": "ні",
    "rest.easy": "так",
    "rest.quick": "так: спрощене правило",
    "rest.impossible": "ні",
    "morning.spells": "{actor} готує закляття:",
    "morning.spell_risk_interrupted": "(сон перервано: шанс невдачі 1 з 6 для кожного закляття)",
    "morning.spell_risk_unrested": "(без повноцінного нічного відпочинку: шанс невдачі 1 з 6"
    " для кожного закляття)",
    "morning.fire_unlit": "Багаття не було.",
    "morning.fire_lasted": "Багаття горіло до світанку.",
    "morning.fire_out_warm": "Багаття згасло {о} {clock}, але встигло зігріти табір.",
    "morning.fire_out_cold": "Багаття згасло {о} {clock}, надто рано, щоб зігріти табір.",
    "morning.rota_broken": "Послідовність варт порушено {о} {clock}.",
    "morning.watch_held": {
        "he": "{actor} не заснув на варті до світанку ({roll}).",
        "she": "{actor} не заснула на варті до світанку ({roll}).",
        "they": "{actor}: без сну на варті до світанку ({roll}).",
        "none": "{actor}: без сну на варті до світанку ({roll}).",
    },
    "morning.no_encounter": "Мандрівні чудовиська не прийшли ({roll}).",
    # мандрівка
    "journey.title": "Мандрівка: {nights:#night}",
    "journey.attacked": "Ночей із зустріччю: {count} (№ {nights}).",
    "journey.never_attacked": "За всю мандрівку жодної зустрічі.",
    # смуга часу
    "strip.title": "Хто коли спав",
    "strip.fire": "багаття",
    "strip.monster": "чудовисько",
    "strip.watch": "на варті",
    "strip.asleep": "спить",
    "strip.dozing": "сон на варті",
    "strip.awake": "не спить",
    "strip.fire_burning": "багаття",
    "strip.arrival": "поява",
    "strip.cell": "клітинка = {minutes:#minute}",
    # сторінка (`--format html`): позначки й підписи діаграми
    "page.timeline": "Ніч з першого погляду",
    "page.chart_label": "Час відпочинку від {start} до {end}: хто вартував, спав, спав"
    " на варті чи не спав, хвилина за хвилиною",
    "page.events": "події",
    "page.dawn": "світанок",
    "page.span": "{actor}: {state}, {start}\u2013{end}",
    "page.fire_span": "Горить багаття, {start}\u2013{end}",
    "page.rota_broke": "послідовність варт порушено",
    "page.broke": "Послідовність варт порушено {о} {clock}",
    "page.arrival_awake": "{actor}: не спить, коли воно приходить",
    "page.arrival_surprised": "{actor}: захоплено зненацька",
    "page.hand_over": "передача варти",
    "page.missed": "пропущена передача варти",
    "page.doze": "сон на варті",
    "page.event": "подія",
    "page.surprised": "захоплено зненацька",
    "page.keys": "Наведіть на позначку або перейдіть до неї клавішею Tab, щоб прочитати подію"
    " та її кидки; те саме розказано година за годиною нижче.",
    "page.hp_chart": "HP після кожної ночі",
    "page.exhaustion_chart": "Виснаження після кожної ночі",
    "page.start": "початок",
    "page.point": "{actor}, {when}: {value}",
    "page.after_night": "після ночі {night}",
    "page.footer": "Розказано з журналу програмою nightsim: ця сторінка не робить жодного"
    " мережевого запиту.",
    # --step
    "step.prompt": "[Enter: наступна година] ",
    # verify's first line when a log and the dice disagree (narration/verdict.py)
    "verdict.differs": "рядок {line}: журнал каже \u00ab{log}\u00bb,"
    " а кості \u2014 \u00ab{sim}\u00bb",
    "verdict.fields": "{text} (різниця в полях: {fields})",
    "verdict.header": "рядок {line}: заголовок журналу не такий, як nightsim пише для"
    " його налаштувань (різниця в полях: {fields})",
    "verdict.cut": "рядок {line}: журнал тут закінчується, а кості ведуть далі: \u00ab{sim}\u00bb",
    "verdict.extra": "рядок {line}: журнал іде далі, ніж ніч, яку дають кості: \u00ab{log}\u00bb",
    # the end of a logged night: its chain's last hash, to publish (`verify --head`)
    "chain.head": "Голова ланцюжка: {short}",
    "chain.full": "повністю: {hash}",
    # check
    "check.title": "Перевірка {path}",
    "check.fingerprint": "Відбиток (SHA-256 розгорнутої конфігурації):",
    "check.fingerprint_use": "Оприлюдніть його до гри; `nightsim verify LOG --config-sha256 HASH`"
    " перевіряє, що журнал зіграно з цією конфігурацією.",
    "check.valid": "Конфігурація правильна.",
    "check.encounter_terrain": "Шанс зустрічі: {chance} з 6 ({terrain}).",
    "check.encounter_given": "Шанс зустрічі: {chance} з 6 (encounter_chance).",
    "check.season_month": "Пора року: {season} (за місяцем {month}).",
    "check.season_given": "Пора року: {season}.",
    "check.firewood": "Дрова: модифікатор {mod} на кожного збирача ({source});"
    " {gatherers:#gatherer}, принесено дров на {carried:#hour_acc}.",
    "check.fire": "Багаття: шанс розпалити {chance} з 6; засіб для добування вогню: {starter}.",
    "check.rest": "Відпочинок {start}\u2013{end} ({hours:#hour}); багаття зараховується, якщо"
    " горить щонайменше {warmth:#hour_acc}.",
    "check.rota_title": "Послідовність варт",
    "check.col_shift": "#",
    "check.col_from": "Від",
    "check.col_to": "До",
    "check.col_watcher": "Вартовий",
    "check.col_doze": "Шанс заснути",
    "check.unwatched_row": "ніхто",
    "check.doze_off": "вимкнено",
    "check.party_title": "Гурт",
    "check.col_sleep": "Макс. сон",
    "check.col_fire": "З багаттям",
    "check.col_no_fire": "Без багаття",
    "check.odds": "{difficulty} {percent}",
    "check.odds_note": "Шанси на повноцінний нічний відпочинок без урахування вечірньої страви"
    " й розваг; *: послідовність варт перериває сон цього персонажа.",
    "check.warnings_title": "Попередження",
    "check.no_warnings": "Попереджень немає.",
    "check.fire_normal": "Багаття: звичайні умови, розпалюється без кидка; засіб для"
    " добування вогню: {starter}.",
    "check.fire_dark": "Багаття: немає, гурт свідомо ночує без вогню (light_fire = false).",
    "check.sleep_in": "Відсипання: після зустрічі відпочинок триває довше на {minutes} хв"
    " (до {end}).",
    "warn.no_watch": "Варти ніхто не несе: під час зустрічі всіх сплячих захоплено зненацька.",
    "warn.unwatched_end": "Варти тривають {watched:#hour_acc}, а відпочинок \u2014"
    " {hours:#hour_acc}: від {clock} ніхто не вартує.",
    "warn.short_sleep": "{actor} вартує {watch} і може спати лише {sleep}: менше ніж 6 годин,"
    " повноцінного нічного відпочинку не буде.",
    "warn.caster_middle": "{actor} творить закляття ({spells}), але несе середню варту: через"
    " перерваний сон шанс невдачі кожного закляття 1 з 6. Призначте {actor:@dat} першу або"
    " останню варту.",
    "warn.no_fire_starter": "Ні в кого немає засобу для добування вогню: цієї ночі без багаття.",
    "warn.no_wood": "Ніхто не збирає дров, а принесених немає: цієї ночі без багаття.",
    "warn.fire_chance_low": "Шанс розпалити багаття лише {chance} з 6.",
    "warn.cook_no_fire": "{actor} має готувати, але багаття не буде.",
    "warn.cook_no_gear": "{actor} має готувати, але в таборі немає {what}.",
    "warn.cookware": "кухонного посуду",
    "warn.ingredients": "інгредієнтів",
    "warn.fire_never_warms": "Багаття ніколи не зігріє табір: дров за такої погоди щонайбільше"
    " на {most}, а горіти йому треба {need} (вечір, а тоді {warmth} відпочинку).{colder}",
    "warn.fire_rarely_warms": "Багаття зігріває табір лише в {chance} ночей: дров за такої"
    " погоди часто не вистачає на {need} (вечір, а тоді {warmth} відпочинку).{colder}",
    "warn.colder": " Без нього шанс повноцінного відпочинку: {who}.",
    "warn.colder_one": "{actor} \u2014 {cold} замість {warm}",
    "warn.never_rests": "{actor} ніколи не матиме повноцінного відпочинку: ніч стає спокійною"
    " лише завдяки теплу багаття, а воно ніколи не зігріває табір.",
    "warn.dozing_on": "Необов'язкове правило джерела про сон на варті типово увімкнене:"
    " вартовий може задрімати й залишити табір без нагляду. Напишіть"
    " rules.fall_asleep_on_watch = true, щоб погодитися на нього, або false, щоб грати без"
    " нього.",
    "warn.impossible": "{actor} не може повноцінно відпочити ({season}, спорядження: {bedding})"
    " \u2014 ні з багаттям, ні без нього.",
    "warn.no_table": "Немає таблиці зустрічей для «{table}»: оповідь скаже «визначте істоту за"
    " своєю таблицею».",
    "warn.six_hours": "Кожен вартовий може спати щонайбільше 6 годин, а це мінімум для"
    " повноцінного нічного відпочинку: будь-яка зустріч залишить вартових без нього.",
    # what if (`nightsim whatif`): the logged night and the changed one, side by side
    "whatif.title": "Що як \u00b7 зерно {seed}",
    "whatif.verified": "Журнал перевірено ({nights:#night}): саме так його записав nightsim.",
    "whatif.change": "Зміна: {items}",
    "whatif.logged": "як у журналі",
    "whatif.changed": "зі зміною",
    "whatif.night": "Ніч {night} з {nights}",
    "whatif.parting_title": "Де ночі розходяться",
    "whatif.parting": "Ночі розходяться {о} {clock}.",
    "whatif.same": "Ці дві ночі нічим не відрізняються: за цього зерна зміна нічого не змінює.",
    "whatif.nothing": "нічого: ця ніч уже скінчилася",
    "whatif.encounter_title": "Зустріч",
    "whatif.no_encounter_either": "Жодної з двох ночей чудовисько не прийшло.",
    "whatif.no_monster": "чудовиська немає",
    "whatif.row.clock": "Час",
    "whatif.row.creature": "Істота",
    "whatif.row.watch": "На варті",
    "whatif.row.awake": "Хто не спить",
    "whatif.row.surprised": "Зненацька",
    "whatif.row.distance": "Відстань",
    "whatif.watch_awake": "{actor}, не спить",
    "whatif.watch_asleep": "{actor}, спить",
    "whatif.watch_none": "ніхто не вартує",
    "whatif.dawn_title": "Кожен персонаж на світанку",
    "whatif.col.what": "",
    "whatif.m.full_rest": "Повноцінний відпочинок",
    "whatif.m.slept_minutes": "Сон",
    "whatif.m.hp": "HP",
    "whatif.m.exhaustion": "Виснаження",
    "whatif.m.surprised": "Зненацька",
    "whatif.m.spells": "Закляття",
    "whatif.spell_lost": "{spell} (втрачено)",
    "whatif.none": "\u2014",
    "whatif.marked": "*: не так, як у журналі.",
    "whatif.journey_title": "Мандрівка, ніч за ніччю",
    "whatif.col.differs": "Відмінність",
    "whatif.col.enc_logged": "Зустріч, журнал",
    "whatif.col.enc_changed": "Зустріч, зі зміною",
    "whatif.col.rests_logged": "Відпоч., журнал",
    "whatif.col.rests_changed": "Відпоч., зміна",
    "whatif.enc_cell": "{clock} \u00b7 зненацька: {count}",
    "whatif.journey_parts": "Мандрівки вперше розходяться в ніч {night} {о} {clock}; ночі, що"
    " відрізняються: {nights}.",
    "whatif.journey_same": "Ці дві мандрівки нічим не відрізняються: за цього зерна зміна"
    " нічого не змінює.",
    "whatif.journey_hint": "Одна ніч пліч-о-пліч: --night K (K від 1 до {nights}).",
    "whatif.ev.arrived": "Приходить {creature}, відстань {ft:#foot}.",
    "whatif.ev.arrived_unknown": "Приходить чудовисько, відстань {ft:#foot}.",
    "whatif.ev.hour": "Минає година {hour}; на варті: {watch}.",
    "whatif.ev.rest_full": "{actor}: сон {slept}, повноцінний відпочинок.",
    "whatif.ev.rest_not": "{actor}: сон {slept}, без повноцінного відпочинку.",
    "whatif.ev.woke": "{actor} прокидається: HP {hp}, виснаження {exhaustion}.",
    "whatif.ev.spell_prepared": "{actor} готує закляття {spell}.",
    "whatif.ev.spell_lost": "{actor} втрачає закляття {spell}.",
    "whatif.ev.summary": "Ніч завершується.",
    # odds --compare, --rank-rotas (issue 13): парні різниці за ті самі ночі
    "fmt.thousands": "\u00a0",
    "paired.title": "{changes}: B проти A за {nights} (зерно {seed})",
    "paired.journeys": "{nights}, у кожній мандрівці {per:#night}",
    "paired.col_measure": "",
    "paired.col_ab": "A \u2192 B",
    "paired.col_diff": "різниця",
    "paired.col_ci": "інтервал 95\u00a0%",
    "paired.col_unpaired": "без пар знадобилося б",
    "paired.points": "{value} {points}",
    "paired.no_clear": "немає явної різниці за {nights}",
    "paired.identical": "однаково щоночі",
    "paired.unpaired": "(без пар)",
    "paired.ci": "ДІ 95\u00a0% від {low} до {high}",
    "paired.line": "{measure}: {a} \u2192 {b}, {diff}, {ci}",
    "paired.same_width": "{nights}",
    "paired.saves": "Парами за ті самі ночі: для «{measure}» порівняння без пар (незалежні"
    " ночі) потребувало б {unpaired} кожної конфігурації для інтервалу такої ширини, як за"
    " {nights}.",
    "paired.note": "B \u2212 A за ті самі ночі (ніч i \u2014 це run --seed «S/i» для кожної"
    " конфігурації); різниця, інтервал 95\u00a0% якої містить 0, не є явною.",
    # Міри шансів (nightsim/measures.py), по одному запису: текст та сторінка odds, рядки
    # --compare, стовпці --rank-rotas ("\n": де вузький стовпець переносить слова).
    "measure.party.encounter": "приходить чудовисько",
    "measure.party.rota_broken": "послідовність варт порушено (вартовий заснув)",
    "measure.party.fire_lasts": "багаття горить увесь час відпочинку",
    "measure.party.nobody_awake": "приходить чудовисько, а всі сплять",
    "measure.party.nobody_awake_given_encounter": "усі сплять, коли приходить чудовисько",
    "measure.character.surprised": "захоплено зненацька",
    "measure.character.full_rest": "повноцінний нічний відпочинок",
    "measure.character.exhausted": "виснаження",
    "measure.character.spell_lost": "закляття втрачено",
    "measure.rota.someone_awake_given_encounter": "хтось не спить, коли\nприходить чудовисько",
    "measure.rota.full_rest": "повноцінний\nнічний\nвідпочинок",
    "measure.rota.spells_kept": "закляття\nзбережено",
    "measure.rota.rota_broken": "послідовність варт порушено",
    "paired.character": "{name}: {measure}",
    "rank.title": "Послідовності варт за ті самі {nights}, кожна проти найкращої (зерно {seed})",
    "rank.title_k": "Вартових: {watchers}; найкращі {top}, усього послідовностей варт: {rotas}",
    "rank.title_configured": "Вартові з конфігурації: найкращі {top}, усього послідовностей"
    " варт: {rotas}",
    "rank.col_rota": "вартові по черзі",
    "rank.col_vs": "проти\nнайкращої",
    "rank.span": "від {low} до {high}",
    "rank.best": "найкраща",
    # in a ranking line, after a measure: the best rota itself
    "rank.best_line": "найкраща послідовність",
    "rank.tied": "нарівні",
    "rank.line": "#{rank} {rota}: хтось не спить {awake}, {awake_vs}; повноцінний нічний"
    " відпочинок {rest}, {rest_vs}; закляття збережено {spells}",
    "rank.ties": "Послідовностей варт нарівні з найкращою за «хтось не спить»: {tied} з"
    " {rotas}; інтервал 95\u00a0% їхньої різниці містить 0 за {nights}.",
    "rank.none_tied": "Жодна послідовність варт не нарівні з найкращою за «хтось не спить» за"
    " {nights}.",
    "rank.note": "Упорядковано за тим, чи хтось не спить, коли приходить чудовисько, далі за"
    " повноцінним нічним відпочинком (усіх персонажо-ночей), далі за збереженими закляттями;"
    " різниці парні, за ті самі ночі. --format json містить усі інтервали.",
    "rank.trade_title": "Безпека проти відпочинку: найкраща послідовність варт для кожної"
    " кількості вартових",
    "rank.col_watchers": "вартових",
    "rank.trade_line": "Вартових: {watchers} — {rota}; хтось не спить {awake}, повноцінний"
    " нічний відпочинок {rest}",
    "n.point": {"one": "пункт", "few": "пункти", "many": "пунктів", "other": "пункту"},
    # злічувані іменники: форми множини за CLDR (Babel), "other" — для дробових чисел
    "n.night": {"one": "ніч", "few": "ночі", "many": "ночей", "other": "ночі"},
    "n.hour": {"one": "година", "few": "години", "many": "годин", "other": "години"},
    "n.hour_acc": {"one": "годину", "few": "години", "many": "годин", "other": "години"},
    "n.minute": {"one": "хвилина", "few": "хвилини", "many": "хвилин", "other": "хвилини"},
    "n.minute_acc": {"one": "хвилину", "few": "хвилини", "many": "хвилин", "other": "хвилини"},
    "n.foot": {"one": "фут", "few": "фути", "many": "футів", "other": "фута"},
    "n.gatherer": {"one": "збирач", "few": "збирачі", "many": "збирачів", "other": "збирача"},
    # --- шанси будь-якою мовою (odds, його сторінка, сторінка --rank-rotas): з 0.4.0 ---
    # Числа (narration/figures.py) за CLDR uk: нерозривний пробіл перед «%» та між розрядами,
    # десяткова кома, тире між межами інтервалу.
    "fmt.percent": "{value}\u00a0%",
    "fmt.span": "{low}\u2013{high}\u00a0%",
    "fmt.with_span": "{p} ({low}\u2013{high})",
    "fmt.p_range": "{p} ({low}\u2013{high}\u00a0%)",
    # `nightsim odds` текстом (narration/odds.py)
    "odds.title": "Шанси за {nights}{journeys} (зерно {seed})",
    "odds.journeys": ", мандрівок: {journeys}, у кожній {per:#night}",
    "odds.col_chance": "шанс",
    "odds.col_interval": "інтервал 95\u00a0%",
    "odds.no_cases": "випадків немає",
    "odds.characters_title": "Для кожного персонажа (шанс, інтервал 95\u00a0%)",
    "odds.col_character": "персонаж",
    "odds.arrival_title": "Коли приходить чудовисько (година відпочинку)",
    "odds.col_hour": "година",
    "odds.col_nights": "ночі",
    "odds.col_share": "частка",
    "odds.distance_title": "На якій відстані чудовисько помічають уперше",
    "odds.col_feet": "фути",
    "odds.by_night_title": "Повноцінний нічний відпочинок за ночами мандрівки",
    "odds.col_night": "ніч",
    # сторінка `odds --format html` та `--rank-rotas --format html` (page/odds.py)
    "oddspage.summary": "Мандрівні чудовиська: {chance} з 6; відпочинок триває {hours:#hour};"
    " кожен шанс — з інтервалом Вілсона 95\u00a0%.",
    "oddspage.party": "Гурт",
    "oddspage.col_chance": "шанс (інтервал 95\u00a0%)",
    "oddspage.characters": "Для кожного персонажа",
    "oddspage.col_character": "персонаж",
    "oddspage.arrivals": "Коли приходить чудовисько (по 10 хвилин)",
    "oddspage.arrivals_label": "Зустрічі за кожні 10 хвилин відпочинку",
    "oddspage.no_monster": "Жодної ночі чудовисько не прийшло.",
    "oddspage.tip": "{label}: {p} (інтервал 95\u00a0%: {low}\u2013{high}; {k} з {n})",
    "oddspage.tip_none": "{label}: випадків немає",
    "oddspage.bin_tip": "{start}\u2013{end}: ночей — {count} ({share} усіх зустрічей)",
    "oddspage.rank_title": "Найбезпечніші послідовності варт: найкращі {top}, усього {rotas};"
    " кожна — за ті самі {nights} (зерно {seed})",
    "oddspage.rank_summary": "Упорядковано за шансом, що хтось не спить, коли приходить"
    " чудовисько, далі за повноцінним нічним відпочинком (усіх персонажо-ночей), далі за"
    " збереженими закляттями (з усіх задуманих); кожна послідовність варт — за ті самі ночі.",
    "oddspage.scatter": "Безпека проти повноцінного нічного відпочинку",
    "oddspage.scatter_note": "Кожна послідовність варт — за своїм місцем: вище — частіше хтось"
    " не спить, коли приходить чудовисько, правіше — частіше повноцінний нічний відпочинок;"
    " вуса — інтервали 95\u00a0%.",
    "oddspage.scatter_label": "Безпека кожної послідовності варт проти її повноцінного нічного"
    " відпочинку",
    "oddspage.axis_x": "повноцінний нічний відпочинок \u2192",
    "oddspage.axis_y": "\u2191 хтось не спить, коли приходить чудовисько",
    "oddspage.dot_tip": "#{rank} {rota}: хтось не спить, коли приходить чудовисько, {awake};"
    " повноцінний нічний відпочинок {rest}",
    "oddspage.rotas": "Послідовності варт, найкраща перша",
    "oddspage.col_rota": "послідовність варт (від першої)",
    "oddspage.footer": "Створено програмою nightsim зі звіту про шанси (sha256 конфігурації"
    " {sha}): ця сторінка не робить жодного мережевого запиту.",
    # редакція правил 2 (docs/rules.md §3.2, §5.4, §6.2): `check` каже, за чим грає
    "check.dozing_on": "Сон на варті: увімкнено, це необов'язкове правило джерела"
    " (rules.fall_asleep_on_watch); один кидок на варту.",
    "check.dozing_off": "Сон на варті: вимкнено (необов'язкове правило джерела,"
    " rules.fall_asleep_on_watch).",
    "check.quick_taken": "Спрощене правило: гурт ним користується (спорядження відповідає"
    " погоді, умови звичайні): повноцінний нічний відпочинок без перевірки після 6 год сну.",
    "check.quick_adverse": "Спрощене правило: не в несприятливих умовах; повна процедура для всіх.",
    "check.quick_gear": "Спрощене правило: спорядження не відповідає погоді (кожному потрібна"
    " постіль, а в дощ, сніг чи взимку ще й намет); повна процедура для всіх.",
    "warn.caster_woken": "{actor} творить закляття ({spells}), але встає на варту після сну:"
    " через сон, перерваний вартою, шанс невдачі кожного закляття 1 з 6. Призначте"
    " {actor:@dat} першу варту або жодної.",
    "check.names_warned": "Імена, схожі між собою або з літерами різних абеток: див."
    " попередження після цієї панелі.",
}
