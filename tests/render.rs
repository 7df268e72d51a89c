//! Render smoke test: run the real window under Xvfb, take a screenshot through Bevy's
//! Screenshot API and check it is not blank.

#[test]
fn render_smoke_test_writes_a_non_blank_screenshot() {
    shot("FELDZUG_AUTOSTART", "koniggratz");
}

#[test]
fn a_lesson_step_renders_with_its_highlight() {
    shot("FELDZUG_LESSON", "tutorial-kg-1");
}

/// Trautenau – Soor: a selected unit shows its front and flank hexes and its moves.
#[test]
fn trautenau_selected_unit_shows_front_and_flank_hexes() {
    shot_with(
        "FELDZUG_AUTOSTART",
        "trautenau",
        &[("FELDZUG_SELECT", "p-1hus")],
    );
}

/// Trautenau – Soor: a lesson step with its outlined hex and the lesson window.
#[test]
fn a_trautenau_lesson_step_renders() {
    shot("FELDZUG_LESSON", "tutorial-ts-5");
}

fn shot(var: &str, value: &str) {
    shot_with(var, value, &[]);
}

fn shot_with(var: &str, value: &str, extra: &[(&str, &str)]) {
    let out =
        std::env::temp_dir().join(format!("feldzug-smoke-{}-{value}.png", std::process::id()));
    if !vulkan_driver() {
        eprintln!(
            "SKIPPED render smoke test: no Vulkan driver (apt-get install libvulkan1 mesa-vulkan-drivers)"
        );
        return;
    }
    let display_ok = std::env::var("DISPLAY").is_ok();
    let mut cmd = if display_ok {
        std::process::Command::new(env!("CARGO_BIN_EXE_feldzug"))
    } else if which("xvfb-run") {
        let mut c = std::process::Command::new("xvfb-run");
        c.args([
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            env!("CARGO_BIN_EXE_feldzug"),
        ]);
        c
    } else {
        eprintln!("SKIPPED render smoke test: no DISPLAY and no xvfb-run (apt-get install xvfb)");
        return;
    };
    let runtime = std::env::temp_dir().join(format!("feldzug-xdg-{}-{value}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let mut child = cmd
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("FELDZUG_SCREENSHOT", &out)
        .env(var, value)
        .envs(extra.iter().copied())
        .spawn()
        .unwrap();
    // never hang the suite: give the window two minutes
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the game did not exit within 120 s after its screenshot");
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert!(status.success(), "the game exited with {status}");
    let bytes = std::fs::read(&out).expect("screenshot written");
    assert!(
        bytes.len() > 10_000,
        "screenshot is {} bytes: blank?",
        bytes.len()
    );
    let _ = std::fs::remove_file(out);
}

fn which(bin: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(bin).exists()))
}

/// A Vulkan loader and at least one driver manifest (what wgpu needs to find an adapter).
fn vulkan_driver() -> bool {
    let loader = [
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/usr/lib",
        "/usr/lib64",
    ]
    .iter()
    .any(|d| std::path::Path::new(d).join("libvulkan.so.1").exists());
    let icd = ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
        .iter()
        .any(|d| std::fs::read_dir(d).is_ok_and(|mut it| it.next().is_some()));
    loader && icd
}
