use clap::Parser;
use feldzug::cli::{self, Cli};

fn main() {
    let args = Cli::parse();
    match args.command {
        Some(cmd) => std::process::exit(cli::run(cmd)),
        None => {
            #[cfg(feature = "gui")]
            feldzug::gui::run();
            #[cfg(not(feature = "gui"))]
            {
                eprintln!(
                    "error: this build has no window (built without the `gui` feature); see `feldzug --help`"
                );
                std::process::exit(2);
            }
        }
    }
}
